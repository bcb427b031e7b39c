/** The login page as rendered: the way back in for someone who forgot their password is on it. */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AUTH } from '../../lib/staff-messages.ts';
import { LoginScreen } from './LoginScreen.tsx';

/** Text as a browser shows it: tags dropped, entities read. */
const shown = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');

describe('the login page', () => {
  it('has "Forgot password?", which says to ask an owner, or for the last owner the reset-password command', () => {
    const html = renderToStaticMarkup(createElement(LoginScreen));
    const forgot = /<details[^>]*>([\s\S]*?)<\/details>/.exec(html)?.[1] ?? '';
    expect(forgot).toMatch(new RegExp(`^<summary>${AUTH.forgotPassword.replace('?', '\\?')}</summary>`));
    expect(shown(forgot)).toContain(AUTH.forgotPasswordColleague);
    expect(shown(forgot)).toContain(AUTH.forgotPasswordLastOwner);
    expect(AUTH.forgotPasswordColleague).toMatch(/owner.*temporary password/);
    // The command the README's "Locked out" documents, as it is typed there.
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('**Locked out');
    expect(readme).toContain('npm run reset-password -- --user');
    expect(AUTH.forgotPasswordLastOwner).toContain('npm run reset-password -- --user');
    expect(AUTH.forgotPasswordLastOwner).toContain('Locked out');
  });
});
