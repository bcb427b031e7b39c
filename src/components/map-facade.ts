/** Replaces the map placeholder with the embedded map on click, moving focus to the new frame. */
for (const facade of Array.from(document.querySelectorAll<HTMLElement>('[data-map]'))) {
  facade.querySelector('[data-map-load]')?.addEventListener('click', () => {
    const frame = document.createElement('iframe');
    frame.className = 'map-frame';
    frame.src = facade.dataset.src ?? '';
    frame.title = facade.dataset.title ?? '';
    frame.loading = 'lazy';
    frame.referrerPolicy = 'no-referrer';
    facade.replaceWith(frame);
    frame.focus();
  });
}
