/**
 * Owners manage the team: add a person with a first password, change a role, disable or enable an
 * account (its sessions end at once), require passkeys, delete, and set a temporary password for someone
 * who lost theirs: their sessions end and they must choose a new one when they next sign in. The server keeps the last owner and the owner
 * themselves safe from lock-out and says why when it refuses.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { ROLES, type Role } from '../../lib/identity.ts';
import { userIdSchema } from '../../lib/identity-schemas.ts';
import { IDENTITY } from '../../lib/staff-messages.ts';
import { FORM, TEAM } from '../admin-copy.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { ConfirmPasswordField, confirmationProblem, NewPasswordField } from '../parts/NewPasswordField.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { useReloadingActions } from '../parts/use-reloading-actions.ts';
import { addPerson, changePerson, deletePerson, loadTeam } from '../stores/identity-store.ts';
import { $me } from '../stores/session.ts';
import { OwnersOnly } from '../parts/OwnersOnly.tsx';

const EMPTY = { userId: '', name: '', role: 'editor' as Role, password: '' };

/** The server's own rule, checked as the owner types: nothing typed yet is not an error. */
const userIdProblem = (value: string, submitted: boolean): string | undefined =>
  value === '' && !submitted ? undefined : userIdSchema.safeParse(value).error?.issues[0]?.message;

function TeamManager() {
  const me = useStore($me);
  const id = useId();
  const { data: people, loadFailed, notice, setNotice, busy, run: runAction } = useReloadingActions(loadTeam);
  const [draft, setDraft] = useState(EMPTY);
  /** The person whose temporary password is being typed, and it twice. */
  const [resetting, setResetting] = useState<string | null>(null);
  const [temporary, setTemporary] = useState({ password: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  /** The owner whose alert e-mail is being typed, and what is typed. */
  const [alerting, setAlerting] = useState<{ personId: string; email: string } | null>(null);
  const userIdError = userIdProblem(draft.userId, submitted);

  function openReset(personId: string | null) {
    setResetting(personId);
    setTemporary({ password: '', confirm: '' });
  }

  async function onTemporary(event: FormEvent<HTMLFormElement>, personId: string) {
    event.preventDefault();
    const problem = confirmationProblem(temporary.password, temporary.confirm);
    if (problem) {
      setNotice({ kind: 'error', text: problem });
      return;
    }
    const fields = { password: temporary.password, confirmPassword: temporary.confirm };
    if (await run(() => changePerson(personId, fields))) openReset(null);
  }

  const run = (action: () => Promise<string>) => runAction(action, IDENTITY.saveFailed);

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (userIdProblem(draft.userId, true)) {
      document.getElementById(`${id}-userId`)?.focus();
      return;
    }
    if (await run(() => addPerson(draft))) {
      setDraft(EMPTY);
      setSubmitted(false);
    }
  }

  const field = (name: keyof typeof EMPTY) => ({
    id: `${id}-${name}`,
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {TEAM.heading}
      </h1>
      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} />
      <form className="panel" onSubmit={(event) => void onAdd(event)} noValidate>
        <h2 className="panel-title">{TEAM.addHeading}</h2>
        <div className="field">
          <label htmlFor={`${id}-userId`}>{TEAM.userId}</label>
          <input
            type="text"
            autoCapitalize="none"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={userIdError ? true : undefined}
            aria-describedby={`${id}-userId-hint${userIdError ? ` ${id}-userId-error` : ''}`}
            {...field('userId')}
          />
          <p id={`${id}-userId-hint`} className="field-hint">
            {TEAM.userIdHint}
          </p>
          <FieldError id={`${id}-userId-error`} message={userIdError} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-name`}>{TEAM.name}</label>
          <input type="text" autoComplete="off" {...field('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>{TEAM.role}</label>
          <select {...field('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {TEAM.roles[role]}
              </option>
            ))}
          </select>
        </div>
        <NewPasswordField
          id={`${id}-password`}
          label={TEAM.password}
          value={draft.password}
          onChange={(password) => setDraft({ ...draft, password })}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? FORM.processing : TEAM.add}
        </button>
      </form>

      {loadFailed && <p className="alert alert-error">{IDENTITY.teamLoadFailed}</p>}
      {people && (
        <div className="panel">
          <h2 className="panel-title">{TEAM.listHeading(people.length)}</h2>
          <ul className="item-list">
            {people.map((person) => {
              const self = person.userId === me?.userId;
              return (
                <li key={person._id} className="course-row team-row" data-user-id={person.userId}>
                  <span>
                    <strong>{person.name}</strong> ({person.userId}){self ? ` — ${TEAM.you}` : ''}
                    {person.disabled ? ` — ${TEAM.disabled}` : ''}
                    {person.mustChangePassword ? ` — ${TEAM.mustChange}` : ''}
                    {person.role === 'owner' && person.email
                      ? ` — ${TEAM.alertEmailShown(person.email)}`
                      : ''}
                  </span>
                  <span className="row-actions">
                    <label className="visually-hidden" htmlFor={`${id}-${person._id}-role`}>
                      {`${TEAM.role} ${person.userId}`}
                    </label>
                    <select
                      id={`${id}-${person._id}-role`}
                      value={person.role}
                      disabled={busy || self}
                      onChange={(event) =>
                        void run(() => changePerson(person._id, { role: event.target.value as Role }))
                      }
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {TEAM.roles[role]}
                        </option>
                      ))}
                    </select>
                    <label>
                      <input
                        type="checkbox"
                        checked={person.requirePasskey}
                        disabled={busy}
                        onChange={(event) =>
                          void run(() => changePerson(person._id, { requirePasskey: event.target.checked }))
                        }
                      />{' '}
                      {TEAM.requirePasskey}
                      <span className="visually-hidden"> {person.userId}</span>
                    </label>
                    {person.role === 'owner' && (
                      <button
                        type="button"
                        className="btn btn-outline btn-small"
                        disabled={busy}
                        aria-expanded={alerting?.personId === person._id}
                        onClick={() =>
                          setAlerting(
                            alerting?.personId === person._id
                              ? null
                              : { personId: person._id, email: person.email ?? '' },
                          )
                        }
                      >
                        {TEAM.alertEmail}
                        <span className="visually-hidden"> {person.userId}</span>
                      </button>
                    )}
                    {!self && (
                      <>
                        <button
                          type="button"
                          className="btn btn-outline btn-small"
                          disabled={busy}
                          aria-expanded={resetting === person._id}
                          onClick={() => openReset(resetting === person._id ? null : person._id)}
                        >
                          {TEAM.setTemporaryPassword}
                          <span className="visually-hidden"> {person.userId}</span>
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline btn-small"
                          disabled={busy}
                          onClick={() =>
                            void run(() => changePerson(person._id, { disabled: !person.disabled }))
                          }
                        >
                          {person.disabled ? TEAM.enable : TEAM.disable}
                          <span className="visually-hidden"> {person.userId}</span>
                        </button>
                        <button
                          type="button"
                          className="btn btn-danger btn-small"
                          disabled={busy}
                          onClick={() => {
                            if (window.confirm(IDENTITY.confirmDelete(person.userId)))
                              void run(() => deletePerson(person._id));
                          }}
                        >
                          {TEAM.delete}
                          <span className="visually-hidden"> {person.userId}</span>
                        </button>
                      </>
                    )}
                  </span>
                  {alerting?.personId === person._id && (
                    <form
                      className="inline-form team-reset"
                      aria-label={`${TEAM.alertEmail} ${person.userId}`}
                      onSubmit={(event) => {
                        event.preventDefault();
                        void run(() => changePerson(person._id, { email: alerting.email })).then(
                          (done) => done && setAlerting(null),
                        );
                      }}
                      noValidate
                    >
                      <div className="field">
                        <label htmlFor={`${id}-${person._id}-email`}>{TEAM.alertEmail}</label>
                        <input
                          id={`${id}-${person._id}-email`}
                          type="email"
                          autoComplete="off"
                          aria-describedby={`${id}-${person._id}-email-hint`}
                          value={alerting.email}
                          onChange={(event) => setAlerting({ ...alerting, email: event.target.value })}
                        />
                        <p id={`${id}-${person._id}-email-hint`} className="field-hint">
                          {TEAM.alertEmailHint}
                        </p>
                      </div>
                      <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
                        {busy ? FORM.processing : TEAM.saveAlertEmail}
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline btn-small"
                        onClick={() => setAlerting(null)}
                      >
                        {FORM.cancel}
                      </button>
                    </form>
                  )}
                  {resetting === person._id && (
                    <form
                      className="inline-form team-reset"
                      aria-label={`${TEAM.setTemporaryPassword} ${person.userId}`}
                      onSubmit={(event) => void onTemporary(event, person._id)}
                      noValidate
                    >
                      <NewPasswordField
                        id={`${id}-${person._id}-temporary`}
                        label={TEAM.temporaryPassword}
                        value={temporary.password}
                        onChange={(password) => setTemporary({ ...temporary, password })}
                        required
                      />
                      <ConfirmPasswordField
                        id={`${id}-${person._id}-confirm`}
                        value={temporary.confirm}
                        onChange={(confirm) => setTemporary({ ...temporary, confirm })}
                      />
                      <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
                        {busy ? FORM.processing : TEAM.saveTemporaryPassword}
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline btn-small"
                        onClick={() => openReset(null)}
                      >
                        {FORM.cancel}
                      </button>
                    </form>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}

/** Owners only: an editor who opens the address is told so instead of seeing the form. */
export default function TeamScreen() {
  return (
    <OwnersOnly heading={TEAM.heading} message={IDENTITY.ownersOnlyTeam}>
      <TeamManager />
    </OwnersOnly>
  );
}
