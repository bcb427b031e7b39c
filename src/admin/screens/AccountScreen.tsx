/**
 * The signed-in person's account: change the password (other devices are signed out), add, list and
 * remove passkeys, and see and sign out the other signed-in devices.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { IDENTITY } from '../../lib/staff-messages.ts';
import { ACCOUNT, FORM, TEAM } from '../admin-copy.ts';
import { deviceName } from '../format/device-name.ts';
import { istDateTime } from '../format/ist.ts';
import { confirmationProblem, NO_PASSWORD_CHANGE, PasswordChangeFields } from '../parts/NewPasswordField.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { useReloadingActions } from '../parts/use-reloading-actions.ts';
import {
  addPasskey,
  browserSupportsPasskeys,
  changePassword,
  loadDevices,
  loadPasskeys,
  removePasskey,
  renameSelf,
  signOutOtherDevices,
} from '../stores/identity-store.ts';
import { $me } from '../stores/session.ts';

/** The account's passkeys and signed-in devices, loaded together. */
const loadAccount = () => Promise.all([loadPasskeys(), loadDevices()]);

export default function AccountScreen() {
  const me = useStore($me);
  const id = useId();
  const { data, loadFailed, notice, setNotice, busy, run } = useReloadingActions(loadAccount);
  const [passkeys, devices] = data ?? [null, null];
  const [password, setPassword] = useState(NO_PASSWORD_CHANGE);
  const [passkeyName, setPasskeyName] = useState('');
  // Null until edited: the field shows the current name, including one that arrives after the first render.
  const [name, setName] = useState<string | null>(null);
  const shownName = name ?? me?.name ?? '';

  async function onName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!shownName.trim()) {
      setNotice({ kind: 'error', text: IDENTITY.nameRequired });
      return;
    }
    if (await run(() => renameSelf(shownName.trim()), IDENTITY.saveFailed)) setName(null);
  }

  async function onPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = confirmationProblem(password.next, password.confirmation);
    if (problem) {
      setNotice({ kind: 'error', text: problem });
      return;
    }
    const { current, next, confirmation } = password;
    if (await run(() => changePassword(current, next, confirmation), IDENTITY.saveFailed))
      setPassword(NO_PASSWORD_CHANGE);
  }

  async function onPasskey(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!passkeyName.trim()) {
      setNotice({ kind: 'error', text: IDENTITY.passkeyNameRequired });
      return;
    }
    if (await run(() => addPasskey(passkeyName.trim()), IDENTITY.passkeyFailed)) setPasskeyName('');
  }

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {ACCOUNT.heading}
      </h1>
      <NoticeArea notice={notice} onDismiss={() => setNotice(null)} />
      {me?.userId && (
        <p data-testid="signed-in-as">
          {ACCOUNT.signedInAs(me.name ?? me.userId, me.userId, TEAM.roles[me.role ?? 'editor'])}
        </p>
      )}
      {loadFailed && <p className="alert alert-error">{IDENTITY.accountLoadFailed}</p>}

      <form className="panel inline-form" onSubmit={(event) => void onName(event)} noValidate>
        <h2 className="panel-title">{ACCOUNT.nameHeading}</h2>
        <div className="field">
          <label htmlFor={`${id}-name`}>{ACCOUNT.nameLabel}</label>
          <input
            id={`${id}-name`}
            type="text"
            autoComplete="name"
            maxLength={100}
            value={shownName}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || !me}>
          {ACCOUNT.saveName}
        </button>
      </form>

      <form className="panel" onSubmit={(event) => void onPassword(event)} noValidate>
        <h2 className="panel-title">{ACCOUNT.passwordHeading}</h2>
        <PasswordChangeFields
          id={id}
          username={me?.userId ?? ''}
          currentLabel={ACCOUNT.currentPassword}
          value={password}
          onChange={setPassword}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? FORM.processing : ACCOUNT.changePassword}
        </button>
      </form>

      <div className="panel">
        <h2 className="panel-title">{ACCOUNT.passkeysHeading}</h2>
        {passkeys?.length === 0 && <p>{ACCOUNT.noPasskeys}</p>}
        <ul className="item-list">
          {passkeys?.map((key) => (
            <li key={key.id} className="course-row" data-passkey={key.name}>
              <span>
                {key.name} <small>({ACCOUNT.added(istDateTime(key.createdAt))})</small>
              </span>
              <button
                type="button"
                className="btn btn-danger btn-small"
                disabled={busy}
                onClick={() => void run(() => removePasskey(key.id), IDENTITY.saveFailed)}
              >
                {ACCOUNT.removePasskey}
                <span className="visually-hidden"> {key.name}</span>
              </button>
            </li>
          ))}
        </ul>
        {browserSupportsPasskeys() ? (
          <form className="inline-form" onSubmit={(event) => void onPasskey(event)} noValidate>
            <div className="field">
              <label htmlFor={`${id}-passkey`}>{ACCOUNT.passkeyName}</label>
              <input
                id={`${id}-passkey`}
                type="text"
                maxLength={60}
                value={passkeyName}
                onChange={(event) => setPasskeyName(event.target.value)}
              />
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {ACCOUNT.addPasskey}
            </button>
          </form>
        ) : (
          <p>{IDENTITY.passkeyUnsupported}</p>
        )}
      </div>

      <div className="panel">
        <h2 className="panel-title">{ACCOUNT.sessionsHeading}</h2>
        <ul className="item-list">
          {devices?.map((device) => (
            <li key={device._id} className="course-row">
              {/* The raw header stays one hover away, for telling two alike devices apart. */}
              <span title={device.userAgent || undefined}>
                {deviceName(device.userAgent)}
                {device.current ? ` (${ACCOUNT.thisDevice})` : ''}
              </span>
              <small>{ACCOUNT.lastSeen(istDateTime(device.lastSeenAt))}</small>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy || (devices?.length ?? 0) < 2}
          onClick={() => void run(signOutOtherDevices, IDENTITY.saveFailed)}
        >
          {ACCOUNT.signOutOthers}
        </button>
      </div>
    </section>
  );
}
