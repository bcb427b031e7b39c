/**
 * The assessment form, enhanced: sent with fetch as JSON (with the time it was on screen, like the
 * other forms), the reasons shown beside their fields, the result announced in place. Without this script the
 * form still posts and the API answers with a page. Its words and names come from the form's data attributes:
 * importing the src/lib modules the islands share would pull the islands chunk (and React) into /services.
 */
import { formToAssessment } from '../lib/assessment-form.ts';

const form = document.querySelector<HTMLFormElement>('form[data-assessment-form]');
if (form) {
  const shownAt = performance.now();
  const keys: Record<string, string> = {};
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const result = form.querySelector<HTMLElement>('[data-result]');
  const { failed = '', thanks = '', fillField = '' } = form.dataset;
  // The visit's lead source (lead-source-init.ts keeps it) into the form's hidden fields; the server checks it like
  // any field. Read when the form is sent, not when this script starts: on a visit that lands on this page the
  // layout's lead-source script runs after this one, and a reset form has emptied its hidden fields.
  const fillLeadSource = () => {
    try {
      const source = JSON.parse(sessionStorage.getItem('ds-lead-source') ?? '{}') as Record<string, unknown>;
      for (const input of Array.from(form.querySelectorAll<HTMLInputElement>('input[data-lead-source]'))) {
        const value = source[input.dataset.leadSource ?? ''];
        input.value = typeof value === 'string' ? value.slice(0, 100) : '';
      }
    } catch {
      // No storage: no source, as for a client that sends none.
    }
  };

  const showErrors = (errors: Record<string, string>) => {
    let first: HTMLElement | null = null;
    for (const slot of Array.from(form.querySelectorAll<HTMLElement>('.field-error'))) {
      const field = slot.id.replace(/^assessment-/, '').replace(/-error$/, '');
      const reason = errors[field] ?? '';
      slot.textContent = reason;
      slot.hidden = reason === '';
      const control = form.querySelector<HTMLElement>(`[name="${field}"], [name^="${field}["]`);
      if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
        if (reason) control.setAttribute('aria-invalid', 'true');
        else control.removeAttribute('aria-invalid');
      }
      if (reason && !first) first = control;
    }
    first?.focus();
  };

  const announce = (text: string, kind: 'success' | 'error') => {
    if (!result) return;
    result.textContent = text;
    result.className = `alert alert--${kind}`;
    result.hidden = false;
    if (kind === 'success') result.focus();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button) {
      button.disabled = true;
      button.textContent = button.dataset.busy ?? '';
    }
    fillLeadSource();
    const words = formToAssessment(new FormData(form));
    const json = { ...words, [fillField]: performance.now() - shownAt };
    // One Idempotency-Key per content sent (as public-api.ts, whose module this script must not import): the same
    // words sent again after a failure repeat it, and the server stores them once.
    const text = JSON.stringify(words);
    const key = (keys[text] ??= globalThis.crypto?.randomUUID?.() ?? '');
    fetch(form.action, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      body: JSON.stringify(json),
    })
      .then(async (response) => {
        const body = (await response.json().catch(() => ({}))) as {
          message?: string;
          errors?: Record<string, string>;
        };
        showErrors(body.errors ?? {});
        if (response.ok) {
          form.reset();
          announce(body.message ?? thanks, 'success');
        } else announce(body.message ?? failed, 'error');
      })
      .catch(() => announce(failed, 'error'))
      .finally(() => {
        if (button) {
          button.disabled = false;
          button.textContent = button.dataset.idle ?? '';
        }
      });
  });
}
