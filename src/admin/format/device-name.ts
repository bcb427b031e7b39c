/**
 * A signed-in device as a person names it ("Chrome on Android") from its User-Agent header, for
 * the Account screen's list of devices. Only the few browsers and systems staff use are told apart; anything
 * else keeps the product the header names first (e.g. "curl"), never the whole raw string.
 */
import { ACCOUNT } from '../admin-copy.ts';

/** First match wins: Edge, Opera and Samsung's browser also say Chrome and Safari, and Chrome says Safari. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** iPads and iPhones say "like Mac OS X", so they come before macOS; Android says Linux, so before Linux. */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: readonly (readonly [RegExp, string])[], userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

export function deviceName(userAgent: string | null | undefined): string {
  const header = (userAgent ?? '').trim();
  const browser = first(BROWSERS, header);
  const system = first(SYSTEMS, header);
  if (browser && system) return ACCOUNT.browserOn(browser, system);
  if (browser) return browser;
  if (system) return ACCOUNT.browserOn(ACCOUNT.someBrowser, system);
  // A tool rather than a browser ("curl/8.5.0", "node"): its product name, short enough to read.
  const product = /^[A-Za-z][\w.-]{0,30}/.exec(header)?.[0];
  return product ?? ACCOUNT.unknownDevice;
}
