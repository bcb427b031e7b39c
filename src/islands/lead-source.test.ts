/**
 * The lead source the forms on /contact and /enroll keep and send (lead-source.ts) follows the same
 * rule as the script every other public page runs (components/lead-source-init.ts): the two are separate copies
 * for the pages' JavaScript budgets, so each visit below goes through both and they must agree.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEAD_SOURCE_KEY } from '../lib/lead-source.ts';

/** The every-page script, run afresh (a script, not a module: imported by its address, for its effect). */
const INIT_SCRIPT = new URL('../components/lead-source-init.ts', import.meta.url).href;
const runInitScript = (): Promise<unknown> => import(/* @vite-ignore */ INIT_SCRIPT);

interface Visit {
  search: string;
  referrer: string;
  host?: string;
}

/** A page of the site in a fresh tab: its address, its referrer and an empty sessionStorage. */
function visit({ search, referrer, host = 'deltasecure.in' }: Visit, storage: Record<string, string> = {}) {
  vi.stubGlobal('location', { search, host });
  vi.stubGlobal('document', { referrer });
  vi.stubGlobal('sessionStorage', storage);
  return storage;
}

async function viaInitScript(page: Visit) {
  const storage = visit(page);
  vi.resetModules();
  await runInitScript();
  return JSON.parse(storage[LEAD_SOURCE_KEY]!) as unknown;
}

async function viaForm(page: Visit) {
  const storage = visit(page);
  vi.resetModules();
  const { keptLeadSource } = await import('./lead-source.ts');
  // Kept when the form loads, not only when it sends.
  const kept = JSON.parse(storage[LEAD_SOURCE_KEY]!) as unknown;
  expect(keptLeadSource()).toEqual(kept);
  return kept;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const VISITS: [string, Visit, unknown][] = [
  [
    'a campaign link',
    {
      search: '?utm_source=linkedin&utm_medium=social&utm_campaign=vapt',
      referrer: 'https://www.linkedin.com/',
    },
    { utmSource: 'linkedin', utmMedium: 'social', utmCampaign: 'vapt' },
  ],
  ['utm_source alone', { search: '?utm_source=newsletter', referrer: '' }, { utmSource: 'newsletter' }],
  [
    'a link on another site',
    { search: '?ref=x', referrer: 'https://news.example/story?id=1' },
    { referrer: 'news.example' },
  ],
  ['a page of this site', { search: '', referrer: 'https://deltasecure.in/about' }, { referrer: 'direct' }],
  ['a typed address', { search: '', referrer: '' }, { referrer: 'direct' }],
];

describe('the lead source of a visit', () => {
  it.each(VISITS)('%s: the forms keep what every other page keeps', async (_name, page, expected) => {
    expect(await viaInitScript(page)).toEqual(expected);
    expect(await viaForm(page)).toEqual(expected);
  });

  it('keeps the landing page’s source for the rest of the visit', async () => {
    const storage = visit({ search: '?utm_source=linkedin', referrer: '' });
    vi.resetModules();
    await runInitScript();
    // Later, /contact from a link on the site: the campaign stays.
    visit({ search: '', referrer: 'https://deltasecure.in/services' }, storage);
    vi.resetModules();
    const { keptLeadSource } = await import('./lead-source.ts');
    expect(keptLeadSource()).toEqual({ utmSource: 'linkedin' });
    // And the other way round: landing on /contact from a campaign, then any other page.
    const landedOnForm = visit({ search: '?utm_source=x-campaign', referrer: '' });
    vi.resetModules();
    await import('./lead-source.ts');
    visit({ search: '?utm_source=other', referrer: 'https://deltasecure.in/contact' }, landedOnForm);
    vi.resetModules();
    await runInitScript();
    expect(JSON.parse(landedOnForm[LEAD_SOURCE_KEY]!)).toEqual({ utmSource: 'x-campaign' });
  });

  it('sends none when storage is blocked, and the form still loads', async () => {
    vi.stubGlobal('location', { search: '?utm_source=linkedin', host: 'deltasecure.in' });
    vi.stubGlobal('document', { referrer: '' });
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      vi.resetModules();
      const { keptLeadSource } = await import('./lead-source.ts');
      expect(keptLeadSource()).toBeUndefined();
      vi.resetModules();
      await expect(runInitScript()).resolves.toBeDefined();
    } finally {
      // @ts-expect-error -- the property defined above; Node has no sessionStorage of its own
      delete globalThis.sessionStorage;
    }
  });
});
