/**
 * Puts a slide's picture, kept inert in a `<template>` until now, into the page (the slider's and the carousel's
 * hidden slides wait so until the load event, leaving a phone's few connections to the first picture).
 */
export function revealPicture(slide: Element): void {
  const template = slide.querySelector(':scope > template');
  if (template instanceof HTMLTemplateElement) template.replaceWith(template.content);
}
