/**
 * The e-mail every owner gets when the payment settings change: who changed them, when, from which address, and
 * each value before and after, so a payee swapped through a stolen or careless session is noticed by someone
 * other than the person who swapped it. Sent to the enabled owners' own addresses (their accounts), else to the
 * staff notification address, one message per recipient through the notifier's single-recipient path.
 */
import { formatIst } from '../../lib/ist.ts';
import { settingLabel, type SettingChange } from '../../lib/setting-changes.ts';
import { PAYMENT_SETTINGS_ALERT as WORDS } from '../../lib/staff-messages.ts';
import { ownerAddresses } from '../auth/accounts.ts';
import type { Actor } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import type { Acknowledgement } from '../enquiries/notifier.ts';

export function composePaymentSettingsAlert(
  changes: readonly SettingChange[],
  actor: Pick<Actor, 'name' | 'userId'>,
  at: string,
  ip: string,
): Acknowledgement {
  return {
    subject: WORDS.subject,
    text: [
      WORDS.intro(`${actor.name} (${actor.userId})`, formatIst(at)),
      '',
      ...changes.map((change) => WORDS.change(settingLabel(change.field), change.from, change.to)),
      '',
      WORDS.address(ip),
      '',
      WORDS.check,
      '',
      WORDS.why,
      '',
      WORDS.signature,
      '',
    ].join('\n'),
  };
}

/** Who is told: the enabled owners who gave an address, else the address staff notifications go to. */
export async function alertRecipients(deps: Deps): Promise<string[]> {
  const owners = await ownerAddresses(deps);
  return owners.length > 0 ? owners : [...deps.env.NOTIFY_EMAIL_TO];
}

/**
 * Sends the alert; never throws. It runs after the response (the change is saved and audited whatever happens
 * to the mail), and a failure is logged by recipient count and error name only.
 */
export async function alertOwners(
  deps: Deps,
  changes: readonly SettingChange[],
  actor: Pick<Actor, 'name' | 'userId'>,
  ip: string,
): Promise<void> {
  try {
    const recipients = await alertRecipients(deps);
    if (!deps.env.SMTP_URL || recipients.length === 0) {
      console.warn('[settings] payment settings changed; no e-mail is configured to tell the owners');
      return;
    }
    const mail = composePaymentSettingsAlert(changes, actor, deps.now().toISOString(), ip);
    const results = await Promise.allSettled(recipients.map((to) => deps.notifier.acknowledge(to, mail)));
    const failed = results.filter((result) => result.status === 'rejected').length;
    if (failed > 0)
      console.warn(
        `[settings] the payment settings alert failed for ${failed} of ${recipients.length} owners`,
      );
  } catch (error) {
    console.warn(
      `[settings] payment settings alert not sent: ${error instanceof Error ? error.name : 'error'}`,
    );
  }
}
