import { useState, type FormEvent, type SyntheticEvent } from 'react';
import { ApiError, userMessage } from '../lib/api-client.ts';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../lib/constants.ts';
import { PUBLIC } from '../lib/messages.ts';
import { CONTACT } from '../lib/public-copy.ts';
import { sendContact } from '../lib/public-api.ts';
import {
  FieldError,
  fieldErrorsOf,
  focusFirstInvalid,
  invalidProps,
  FieldLabel,
  RequiredNote,
  type FieldErrors,
} from './form-fields.tsx';
import { FormFooter } from './FormNotice.tsx';
import { useFillTime, useSubmit } from './use-submit.ts';

/** Spec section 8: the server's message, else the error's message, else the generic failure. */
const describe = (error: unknown): string => {
  if (error instanceof ApiError) return userMessage(error);
  if (error instanceof Error && error.message) return error.message;
  return PUBLIC.contactFailed;
};

const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type Field = (typeof FIELDS)[number];
const FORM = 'contact';

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/**
 * Contact form: idle → 'Sending...' → 'Message sent successfully!' (form cleared) or the failure message, with
 * each field the server refused marked at the field; editing a field clears its own mark. The heading and the
 * intro are the page's (Site settings), outside this island.
 */
export default function ContactForm() {
  const { state, submit } = useSubmit(describe);
  const fillTime = useFillTime();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const onEdit = (event: SyntheticEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (typeof name === 'string' && name in errors)
      setErrors(({ [name as Field]: _edited, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    let refused: FieldErrors<Field> = {};
    const sent = await submit(async () => {
      try {
        await sendContact({
          name: text(data, 'name'),
          email: text(data, 'email'),
          phone: text(data, 'phone'),
          message: text(data, 'message'),
          website: text(data, HONEYPOT_FIELD),
          [FILL_TIME_FIELD]: fillTime(),
        });
      } catch (error) {
        refused = fieldErrorsOf(error, FIELDS);
        throw error;
      }
      return PUBLIC.contactSuccess;
    });
    setErrors(refused);
    if (sent) form.reset();
    else focusFirstInvalid(form, FIELDS, refused);
  };

  return (
    <form className="form" onSubmit={onSubmit} onInput={onEdit} aria-labelledby="contact-form-title">
      <RequiredNote />
      <div className="form-row">
        <div className="field">
          <FieldLabel id="contact-name" text={CONTACT.name} required />
          <input
            className="input"
            id="contact-name"
            name="name"
            required
            autoComplete="name"
            {...invalidProps(FORM, errors, 'name')}
          />
          <FieldError form={FORM} errors={errors} field="name" />
        </div>
        <div className="field">
          <FieldLabel id="contact-email" text={CONTACT.email} required />
          <input
            className="input"
            id="contact-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            {...invalidProps(FORM, errors, 'email')}
          />
          <FieldError form={FORM} errors={errors} field="email" />
        </div>
      </div>
      <div className="field">
        <FieldLabel id="contact-phone" text={CONTACT.phone} required />
        <input
          className="input"
          id="contact-phone"
          name="phone"
          type="tel"
          required
          autoComplete="tel"
          {...invalidProps(FORM, errors, 'phone')}
        />
        <FieldError form={FORM} errors={errors} field="phone" />
      </div>
      <div className="field">
        <FieldLabel id="contact-message" text={CONTACT.message} required />
        <textarea
          className="input"
          id="contact-message"
          name="message"
          required
          rows={5}
          {...invalidProps(FORM, errors, 'message')}
        />
        <FieldError form={FORM} errors={errors} field="message" />
      </div>
      <FormFooter state={state} idleLabel={CONTACT.submit} busyLabel={PUBLIC.contactSending} />
    </form>
  );
}
