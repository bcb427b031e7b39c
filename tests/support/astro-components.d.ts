/**
 * `.astro` files as plain TypeScript (tsc --noEmit) sees them when a test imports one to render with Astro's
 * Container API: Astro's own checker types each component, tsc only needs to know it is one.
 */
declare module '*.astro' {
  const Component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default Component;
}
