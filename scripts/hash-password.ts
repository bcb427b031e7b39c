/**
 * Prints an ADMIN_PASSWORD_HASH for a password (scrypt, see src/server/auth/password.ts).
 *
 *   npm run hash-password                  # prompts (input hidden when run in a terminal)
 *   npm run hash-password -- 'my password' # from the argument (lands in shell history: prefer the prompt)
 *   printf '%s' 'my password' | npm run hash-password --silent
 */
import { stdin, stdout, stderr, exit, argv } from 'node:process';
import { hashPassword } from '../src/server/auth/password.ts';

const MIN_LENGTH = 12;

async function readPiped(): Promise<string> {
  let text = '';
  for await (const chunk of stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
}

/** Reads a line from the terminal without echoing it. */
function prompt(question: string): Promise<string> {
  return new Promise((resolve) => {
    stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (key: string) => {
      for (const char of key) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stderr.write('\n');
          resolve(value);
          return;
        }
        if (char === '\u0003') exit(130);
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function main() {
  const password = argv[2] ?? (stdin.isTTY ? await prompt('Admin password: ') : await readPiped());
  if (password.length < MIN_LENGTH) {
    stderr.write(`The password must be at least ${MIN_LENGTH} characters.\n`);
    exit(1);
  }
  stdout.write(`${await hashPassword(password)}\n`);
}

await main();
