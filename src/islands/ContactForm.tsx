import { useState, type FormEvent, type SyntheticEvent } from 'react';
import { ApiError, userMessage } from '../lib/api-client.ts';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../lib/constants.ts';
import { PUBLIC } from '../lib/messages.ts';
import { CONTACT } from '../lib/public-copy.ts';
import { sendContact } from '../lib/public-api.ts';
import {
  fieldErrorsOf,
  focusFirstInvalid,
  FormField,
  RequiredNote,
  type FieldErrors,
} from './form-fields.tsx';
import { FormFooter } from './FormNotice.tsx';
import { keptLeadSource } from './lead-source.ts';
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
          source: keptLeadSource(),
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

  const fieldOf = { form: FORM, errors };
  return (
    <form className="form" onSubmit={onSubmit} onInput={onEdit} aria-labelledby="contact-form-title">
      <RequiredNote />
      <div className="form-row">
        <FormField
          {...fieldOf}
          field="name"
          label={CONTACT.name}
          required
          control={(props) => <input {...props} autoComplete="name" />}
        />
        <FormField
          {...fieldOf}
          field="email"
          label={CONTACT.email}
          required
          control={(props) => <input {...props} type="email" autoComplete="email" />}
        />
      </div>
      <FormField
        {...fieldOf}
        field="phone"
        label={CONTACT.phone}
        required
        control={(props) => <input {...props} type="tel" autoComplete="tel" />}
      />
      <FormField
        {...fieldOf}
        field="message"
        label={CONTACT.message}
        required
        control={(props) => <textarea {...props} rows={5} />}
      />
      <FormFooter state={state} idleLabel={CONTACT.submit} busyLabel={PUBLIC.contactSending} />
    </form>
  );
}
