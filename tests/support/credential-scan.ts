/** Looks for credentials in files we ship: the repository (vitest) and the built site (e2e, after its build). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** A stored hash, as `npm run hash-password` prints it (PASSWORD_HASH_PATTERN without anchors). */
export const HASH_VALUE = /scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/]{8,}=*\$[A-Za-z0-9+/]{16,}=*/;

/** What in `text` looks like a credential: any password hash, a hash assignment, or one of `secrets`. */
export function credentialsIn(text: string, secrets: readonly string[]): string[] {
  const found: string[] = [];
  if (HASH_VALUE.test(text)) found.push('a password hash');
  if (/ADMIN_PASSWORD_HASH\s*[:=]\s*["'`]?scrypt/.test(text)) found.push('a hash assignment');
  for (const secret of secrets) if (text.includes(secret)) found.push('a credential');
  return found;
}

/** Every file under `directory`, scanned; offenders as `path: what`. */
export function scanDirectory(directory: string, secrets: readonly string[]) {
  const offenders: string[] = [];
  let scanned = 0;
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      scanned += 1;
      for (const what of credentialsIn(readFileSync(path, 'latin1'), secrets))
        offenders.push(`${relative(directory, path)}: ${what}`);
    }
  };
  walk(directory);
  return { scanned, offenders };
}
