/**
 * The mailbox an e-mail address delivers to, as one key: what the acknowledgement's once-a-day rule counts, so
 * that a stranger's address typed with a `+tag`, in capitals or (at Gmail) with dots cannot get its owner several
 * acknowledgements a day. Hand-written rather than a library's (validator's normalizeEmail folds `+tags` only for
 * a few named providers): `+` is the usual sub-address separator everywhere (Gmail, Outlook, iCloud, Fastmail,
 * most company mail), and folding two real mailboxes into one key costs only an acknowledgement, never a request.
 */
import { domainToASCII } from 'node:url';

/** Gmail ignores dots in the name, and googlemail.com is the same mailbox as gmail.com. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function mailboxKey(address: string): string {
  const lowered = address.trim().toLowerCase();
  const at = lowered.lastIndexOf('@');
  if (at <= 0) return lowered;
  const typedDomain = lowered.slice(at + 1).replace(/\.$/, '');
  // An internationalised domain and its punycode spelling are one domain.
  const domain = domainToASCII(typedDomain) || typedDomain;
  const local = lowered.slice(0, at);
  // The part before the first `+` (an address that starts with `+` has nothing to fold).
  const name = local.indexOf('+') > 0 ? local.slice(0, local.indexOf('+')) : local;
  if (GMAIL_DOMAINS.has(domain)) return `${name.replaceAll('.', '')}@gmail.com`;
  return `${name}@${domain}`;
}
