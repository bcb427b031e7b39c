/**
 * An enrolment's fee on the Enrollment Requests screen: what is paid and still due, each payment's
 * receipt (a PDF download) or refund, and "Record payment", a small form (amount in rupees, the UPI transaction
 * reference, the IST day, payment or refund) that the server checks.
 */
import { useId, useState, type FormEvent } from 'react';
import { balanceOf, paymentsOf, type PaymentKind } from '../../lib/fees.ts';
import { formatPaise, parseRupees } from '../../lib/fields/money.ts';
import { showIstDay, utcToIstDay } from '../../lib/ist.ts';
import { PAYMENTS } from '../../lib/staff-messages.ts';
import { FieldError } from './FieldError.tsx';

export interface PaymentSave {
  amount: number;
  upiRef: string;
  paidOn: string;
  kind: PaymentKind;
  /** An owner's reason for a day in a closed financial year, asked for once the server wants one. */
  reason?: string;
}

export function PaymentPanel({
  item,
  path,
  saving,
  errors,
  onSave,
}: {
  item: Readonly<Record<string, unknown>> & { _id: string; name: string };
  /** The request's item path (`/api/v1/enroll/{id}`). */
  path: string;
  saving: boolean;
  errors: Record<string, string>;
  onSave: (payment: PaymentSave) => Promise<boolean>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [amountError, setAmountError] = useState<string>();
  const { fee, paid, due, settled } = balanceOf(item);
  const history = paymentsOf(item);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const amount = parseRupees(String(data.get('amount') ?? ''));
    setAmountError(amount === null || amount <= 0 ? PAYMENTS.amountInvalid : undefined);
    if (amount === null || amount <= 0) return;
    const reason = String(data.get('reason') ?? '').trim();
    const saved = await onSave({
      amount,
      upiRef: String(data.get('upiRef') ?? '').trim(),
      paidOn: String(data.get('paidOn') ?? ''),
      kind: data.get('kind') === 'refund' ? 'refund' : 'payment',
      ...(reason ? { reason } : {}),
    });
    if (saved) setOpen(false);
  };

  const error = (name: string) => (name === 'amount' ? (amountError ?? errors.amount) : errors[name]);
  const described = (name: string) => (error(name) ? `${id}-${name}-error` : undefined);
  return (
    <div className="request-payments" data-testid="request-payments">
      {(fee !== null || history.length > 0) && (
        <p className="request-balance">
          {settled
            ? PAYMENTS.paid
            : fee !== null
              ? `${PAYMENTS.paidOf(formatPaise(paid), formatPaise(fee))} · ${PAYMENTS.balance(formatPaise(due ?? 0))}`
              : formatPaise(paid)}
        </p>
      )}
      {history.length > 0 && (
        <ul className="request-receipts">
          {history.map((entry) => (
            <li key={entry.id}>
              {entry.receipt ? (
                <a
                  href={`${path}/receipt?payment=${encodeURIComponent(entry.id)}`}
                  download
                  // The admin's router takes every same-origin click but those marked external.
                  rel="external"
                >
                  {PAYMENTS.receipt(entry.receipt)}
                </a>
              ) : (
                PAYMENTS.refunded(formatPaise(entry.amount))
              )}{' '}
              · {formatPaise(entry.amount)} · {entry.upiRef} · {showIstDay(entry.paidOn)}
            </li>
          ))}
        </ul>
      )}
      {!open ? (
        <button type="button" className="btn btn-outline btn-small" onClick={() => setOpen(true)}>
          {PAYMENTS.record}
          <span className="visually-hidden"> {item.name}</span>
        </button>
      ) : (
        <form className="payment-form" onSubmit={(event) => void submit(event)} noValidate>
          <div className="field">
            <label htmlFor={`${id}-kind`}>{PAYMENTS.kind}</label>
            <select id={`${id}-kind`} name="kind" defaultValue="payment">
              <option value="payment">{PAYMENTS.kinds.payment}</option>
              <option value="refund">{PAYMENTS.kinds.refund}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-amount`}>{PAYMENTS.amount}</label>
            <input
              id={`${id}-amount`}
              name="amount"
              inputMode="decimal"
              defaultValue={due ? String(due / 100) : ''}
              aria-invalid={error('amount') ? true : undefined}
              aria-describedby={described('amount')}
            />
            <FieldError id={`${id}-amount-error`} message={error('amount')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-upiRef`}>{PAYMENTS.upiRef}</label>
            <input
              id={`${id}-upiRef`}
              name="upiRef"
              autoComplete="off"
              aria-invalid={error('upiRef') ? true : undefined}
              aria-describedby={described('upiRef')}
            />
            <FieldError id={`${id}-upiRef-error`} message={error('upiRef')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-paidOn`}>{PAYMENTS.paidOn}</label>
            <input
              id={`${id}-paidOn`}
              name="paidOn"
              type="date"
              defaultValue={utcToIstDay(new Date().toISOString())}
              aria-invalid={error('paidOn') ? true : undefined}
              aria-describedby={described('paidOn')}
            />
            <FieldError id={`${id}-paidOn-error`} message={error('paidOn')} />
          </div>
          {errors.reason !== undefined && (
            <div className="field">
              <label htmlFor={`${id}-reason`}>{PAYMENTS.reason}</label>
              <input
                id={`${id}-reason`}
                name="reason"
                maxLength={300}
                aria-invalid
                aria-describedby={described('reason')}
              />
              <FieldError id={`${id}-reason-error`} message={error('reason')} />
            </div>
          )}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary btn-small" disabled={saving}>
              {saving ? PAYMENTS.saving : PAYMENTS.save}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-small"
              disabled={saving}
              onClick={() => setOpen(false)}
            >
              {PAYMENTS.cancel}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
