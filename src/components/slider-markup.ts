/**
 * The home slider's markup (spec section 4), one string renderer for both sides: the build writes it into `/` and
 * home-slider.ts writes it again when the live list differs from what was baked. Plain HTML with no framework: the
 * slider is `/`'s first screen, and React's fetch, evaluation and hydration were the page's long tasks on a slow
 * phone (docs/decisions.md §58), as they were on /services (§55).
 */
import type { ImageFolder } from '../lib/families.ts';
import { escapeHtml, markupFingerprint } from '../lib/html.ts';
import { PUBLIC } from '../lib/messages.ts';
import { ISLAND_COPY } from '../lib/public-copy.ts';
import { slidePicture, type CarouselSlide, type SlidesState } from './carousel-markup.ts';

/** The slider's loading, error or empty state, as `data-state` names it. */
type SliderStateName = 'loading' | 'error' | 'empty';

/** The pause / play button's face: what it will do when pressed. */
export function toggleFace(paused: boolean): string {
  return (
    `<span aria-hidden="true">${paused ? '▶' : '❚❚'}</span>` +
    `<span class="visually-hidden">${escapeHtml(paused ? ISLAND_COPY.playSlider : ISLAND_COPY.pauseSlider)}</span>`
  );
}

function stateBody(name: SliderStateName, text: string): string {
  const error = name === 'error';
  return (
    `<div class="slider-state" data-state="${name}">` +
    `<p class="${error ? 'state state--error' : 'state'}" role="${error ? 'alert' : 'status'}">` +
    `${escapeHtml(text)}</p></div>`
  );
}

/**
 * The slider's body: its slides (with the dots and the pause / play button when there is more than one), or the
 * loading, error or empty state in their place. A slide other than the first keeps its picture in a `<template>`
 * (inert: nothing is fetched) until the page has loaded, so it does not compete with the first slide's picture,
 * the page's LCP, for a phone's few connections.
 */
export function sliderBody(state: SlidesState, folder: ImageFolder): string {
  if (state.phase === 'error') return stateBody('error', state.error);
  if (state.phase === 'loading') return stateBody('loading', ISLAND_COPY.loadingContent);
  const { items } = state;
  if (items.length === 0) return stateBody('empty', PUBLIC.emptyContent);
  const slides = items.map((item, position) => {
    const image = slidePicture(item, folder, position, { sizes: '100vw' });
    return (
      `<div class="${position === 0 ? 'slide is-active' : 'slide'}" aria-hidden="${position !== 0}" data-slide="${position}">` +
      (position === 0 ? image : `<template>${image}</template>`) +
      `<div class="slide__caption"><h2>${escapeHtml(String(item.title))}</h2></div></div>`
    );
  });
  const controls =
    items.length > 1
      ? `<div class="slider__controls"><div class="slider__dots" aria-hidden="true">` +
        items
          .map((_, position) => `<span class="slider__dot${position === 0 ? ' is-active' : ''}"></span>`)
          .join('') +
        `</div><button type="button" class="icon-btn" data-toggle>${toggleFace(false)}</button></div>`
      : '';
  return `<div class="slider__viewport">${slides.join('')}</div>${controls}`;
}

/** The slides' fingerprint as the build draws them (`markupFingerprint`). */
export const sliderFingerprint = (items: readonly CarouselSlide[], folder: ImageFolder): string =>
  markupFingerprint(sliderBody({ phase: 'loaded', items }, folder));
