/** Read More / Read Less per career: swaps the short and full description and flips the button. */
for (const block of Array.from(document.querySelectorAll<HTMLElement>('[data-read-more]'))) {
  const button = block.querySelector<HTMLButtonElement>('button');
  const short = block.querySelector<HTMLElement>('[data-short]');
  const full = block.querySelector<HTMLElement>('[data-full]');
  if (!button || !short || !full) continue;
  button.addEventListener('click', () => {
    const expand = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(expand));
    button.textContent = (expand ? button.dataset.less : button.dataset.more) ?? '';
    full.hidden = !expand;
    short.hidden = expand;
  });
}
