import type { FormEvent } from 'react';
import { ApiError, userMessage } from '../lib/api-client.ts';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../lib/constants.ts';
import { PUBLIC } from '../lib/messages.ts';
import { CONTACT } from '../lib/public-copy.ts';
import { sendContact } from '../lib/public-api.ts';
import { FormFooter } from './FormNotice.tsx';
import { useFillTime, useSubmit } from './use-submit.ts';

/** Spec section 8: the server's message, else the error's message, else the generic failure. */
const describe = (error: unknown): string => {
  if (error instanceof ApiError) return userMessage(error);
  if (error instanceof Error && error.message) return error.message;
  return PUBLIC.contactFailed;
};

const text = (data: FormData, name: string) => String(data.get(name) ?? '');

/** Contact form: idle → 'Sending...' → 'Message sent successfully!' (form cleared) or the failure message. */
export default function ContactForm() {
  const { state, submit } = useSubmit(describe);
  const fillTime = useFillTime();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const sent = await submit(async () => {
      await sendContact({
        name: text(data, 'name'),
        email: text(data, 'email'),
        phone: text(data, 'phone'),
        message: text(data, 'message'),
        website: text(data, HONEYPOT_FIELD),
        [FILL_TIME_FIELD]: fillTime(),
      });
      return PUBLIC.contactSuccess;
    });
    if (sent) form.reset();
  };

  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="form-title">
        {CONTACT.formHeading}
      </h2>
      <div className="form-row">
        <div className="field">
          <label htmlFor="contact-name">{CONTACT.name}</label>
          <input className="input" id="contact-name" name="name" required autoComplete="name" />
        </div>
        <div className="field">
          <label htmlFor="contact-email">{CONTACT.email}</label>
          <input
            className="input"
            id="contact-email"
            name="email"
            type="email"
            required
            autoComplete="email"
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="contact-phone">{CONTACT.phone}</label>
        <input className="input" id="contact-phone" name="phone" type="tel" required autoComplete="tel" />
      </div>
      <div className="field">
        <label htmlFor="contact-message">{CONTACT.message}</label>
        <textarea className="input" id="contact-message" name="message" required rows={5} />
      </div>
      <FormFooter state={state} idleLabel={CONTACT.submit} busyLabel={PUBLIC.contactSending} />
    </form>
  );
}
