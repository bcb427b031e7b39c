/**
 * Keeps one known, expected warning off the runner's console: @simplewebauthn/server asks Web Crypto whether it
 * supports the post-quantum ML-DSA algorithms (SubtleCrypto.supports), and Node 24 answers that with two
 * ExperimentalWarnings in every thread that handles a passkey — noise a newcomer reads as a fault. Every other
 * warning is printed as Node prints it.
 */
const EXPECTED = /Web Crypto API (method|algorithm) is an experimental feature/;

let installed = false;

export function quietExpectedWarnings(): void {
  if (installed) return;
  installed = true;
  // Node prints warnings from its own 'warning' listener; with it removed, this one decides.
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warning.name === 'ExperimentalWarning' && EXPECTED.test(warning.message)) return;
    const code = (warning as { code?: string }).code;
    process.stderr.write(
      `(node:${process.pid}) ${code ? `[${code}] ` : ''}${warning.name}: ${warning.message}\n`,
    );
  });
}
