/**
 * The services carousel's markup (spec section 4), one string renderer for both sides: the build writes it into
 * /services and services-carousel.ts writes it again when the live list differs from what was baked. Plain HTML
 * with no framework: the page hydrates no React, whose evaluation was the long task of /services on a slow phone
 * (docs/decisions.md §55).
 */
import type { ImageFolder } from '../lib/families.ts';
import { escapeHtml, htmlAttributes, markupFingerprint } from '../lib/html.ts';
import { contentImageAttributes, imageAlt } from '../lib/image-url.ts';
import { PUBLIC } from '../lib/messages.ts';
import { ISLAND_COPY } from '../lib/public-copy.ts';
import type { PublicItem } from '../lib/public-items.ts';

export type CarouselSlide = PublicItem<'homeContent'>;

/** What a list drawn as plain HTML shows: the home slider's and the services carousel's states. */
export type SlidesState =
  | { phase: 'loading' }
  | { phase: 'error'; error: string }
  | { phase: 'loaded'; items: readonly CarouselSlide[] };

/** The slide's place around the active one: active, previous and next show (the side ones peek out). */
export function slideClass(position: number, index: number, count: number): string {
  if (position === index) return 'carousel__slide is-active';
  if (count > 2 && position === (index - 1 + count) % count) return 'carousel__slide is-prev';
  if (count > 1 && position === (index + 1) % count) return 'carousel__slide is-next';
  return 'carousel__slide';
}

/** Whether a slide with this class shows at first paint (so its picture loads with the page). */
export const isOnScreen = (className: string) => className !== 'carousel__slide';

/** A slide's picture: the first slide's is the page's LCP candidate (eager, high priority), the others lazy. */
export function slidePicture(
  item: CarouselSlide,
  folder: ImageFolder,
  position: number,
  { sizes, className }: { sizes: string; className?: string },
): string {
  const image = contentImageAttributes({
    value: item.image,
    folder,
    width: item.imageWidth,
    height: item.imageHeight,
    sizes,
    priority: position === 0,
  });
  return `<img ${htmlAttributes({ ...image, alt: imageAlt(item), class: className })}>`;
}

/**
 * The carousel's body: its track of slides, or the loading, error or empty state in its place. A slide that is
 * not on screen at `index` keeps its picture in a `<template>` (inert: nothing is fetched) until the page has
 * loaded, so the hidden slides do not compete with the first one for a phone's few connections.
 */
export function carouselBody(state: SlidesState, folder: ImageFolder, index: number): string {
  if (state.phase === 'error')
    return `<p class="state state--error" role="alert">${escapeHtml(state.error)}</p>`;
  if (state.phase === 'loading')
    return `<p class="state" role="status">${escapeHtml(ISLAND_COPY.loadingContent)}</p>`;
  const { items } = state;
  if (items.length === 0) return `<p class="state">${escapeHtml(PUBLIC.emptyContent)}</p>`;
  const slides = items.map((item, position) => {
    const className = slideClass(position, index, items.length);
    const image = slidePicture(item, folder, position, {
      sizes: '(min-width: 576px) 560px, 100vw',
      className: 'card-media',
    });
    // h2: the carousel comes right after the page's h1 (Lighthouse heading-order); styled as a card h3.
    return (
      `<figure class="card ${className}" aria-hidden="${position !== index}" data-slide="${position}">` +
      (isOnScreen(className) ? image : `<template>${image}</template>`) +
      `<figcaption><h2 class="carousel__title">${escapeHtml(String(item.title))}</h2></figcaption></figure>`
    );
  });
  return `<div class="carousel__track" aria-live="off">${slides.join('')}</div>`;
}

/** The slides' fingerprint as they would be drawn from the first one (`markupFingerprint`). */
export const slidesFingerprint = (items: readonly CarouselSlide[], folder: ImageFolder): string =>
  markupFingerprint(carouselBody({ phase: 'loaded', items }, folder, 0));
