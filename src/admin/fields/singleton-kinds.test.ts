/**
 * The admin side of the kinds the site settings brought: a phone number's telephone input, a list of
 * lines in one textarea, and the `name` only a singleton's form sets (content forms' markup stays as it was).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { linesField, phoneField, textField, toFormValue, type Field } from '../../lib/fields.ts';
import { adminKindOf, singletonForm } from './index.ts';

const draw = (field: Field, value: string, name?: string) => {
  const { Input } = adminKindOf(field);
  return renderToStaticMarkup(
    createElement(Input, {
      field,
      id: 'f',
      ...(name ? { name } : {}),
      value,
      onChange: () => {},
      error: undefined,
      disabled: false,
      form: singletonForm(),
    }),
  );
};

describe('the admin inputs of the phone and lines kinds', () => {
  it('draws a phone number as a telephone input with its label and hint', () => {
    const phone = phoneField('phone', {
      label: 'Phone',
      hint: 'Shown in the footer',
      required: 'Give one',
      max: 32,
    });
    const html = draw(phone, '+91 22 4000 1234');
    expect(html).toContain('<label for="f">Phone</label>');
    expect(html).toMatch(/<input type="tel" maxLength="32"[^>]* id="f"[^>]*aria-required="true"/);
    expect(html).toContain('value="+91 22 4000 1234"');
    expect(html).toContain('<p id="f-hint" class="field-hint">Shown in the footer</p>');
  });

  it('draws lines as one textarea, a line per entry, required when it needs a line', () => {
    const address = linesField('address', { label: 'Address', min: 1, maxLines: 4, max: 200 });
    const html = draw(address, String(toFormValue(address, ['Floor 3', 'Mumbai'])));
    expect(html).toMatch(
      /<textarea id="f"[^>]*aria-required="true"[^>]*rows="4"[^>]*>Floor 3\nMumbai<\/textarea>/,
    );
    const optional = linesField('extra', { label: 'Extra', min: 0, maxLines: 2, max: 50 });
    expect(draw(optional, '')).not.toContain('aria-required');
  });

  it('names a control only when the form asks', () => {
    const words = textField('heroLine', { label: 'Hero line', max: 200, required: 'Write one' });
    expect(draw(words, 'Hello', 'heroLine')).toContain('name="heroLine"');
    expect(draw(words, 'Hello')).not.toContain('name=');
  });
});
