/**
 * Lighthouse's CPU probe outside a Lighthouse run, to choose a run's CPU slowdown from the machine's speed at that
 * moment (issue 21.22: a shared machine's benchmark index moves with its load).
 */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';

/** Lighthouse's own mobile CPU slowdown, which its scores assume. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/** Lighthouse's CPU probe (the page function its own runs use), taken in a blank tab of the given Chromium. */
export async function probeBenchmarkIndex(port: number): Promise<number> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const tab = await browser.newPage();
    const index = await tab.evaluate(pageFunctions.computeBenchmarkIndex);
    await tab.close();
    return index;
  } finally {
    await browser.disconnect();
  }
}

/** The slowdown that makes this machine, as fast as `index`, behave like one of `imitated` at Lighthouse's 4×. */
export const slowdownImitating = (index: number, imitated: number) =>
  (DEFAULT_CPU_SLOWDOWN * index) / imitated;
