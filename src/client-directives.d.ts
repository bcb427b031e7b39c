/** The project's own client directive (src/islands/settled-directive.ts, registered in astro.config.mjs). */
declare module 'astro' {
  interface AstroClientDirectives {
    'client:settled'?: boolean;
  }
}
export {};
