/**
 * Publishing (issue 26, a staff tool): this month's production deploys and their estimated credits beside the
 * budget, when changes go live now, what waits in the queue, and for owners "Publish now" with its cost.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { familyLabel } from '../../families/index.ts';
import { PUBLISHING } from '../../lib/staff-messages.ts';
import { FORM } from '../admin-copy.ts';
import { istDateTime } from '../format/ist.ts';
import { liveLine } from '../format/publishing.ts';
import { LoadFailed } from '../parts/LoadFailed.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { createPublishingStore } from '../stores/publishing-store.ts';
import { $me } from '../stores/session.ts';

export default function PublishingScreen() {
  const store = useMemo(() => createPublishingStore(), []);
  const state = useStore(store.$state);
  const notice = useStore(store.$notice);
  const publishing = useStore(store.$publishing);
  const owner = useStore($me)?.role === 'owner';

  useEffect(() => {
    void store.load();
  }, [store]);

  let body;
  if (state.status === 'loading') body = <p className="alert alert-info">{FORM.loading}</p>;
  else if (state.status === 'error')
    body = <LoadFailed message={state.error} onRetry={() => void store.load()} />;
  else {
    const status = state.data;
    const last = status.lastDeploy;
    body = (
      <>
        {!status.enabled && <p className="alert alert-info">{PUBLISHING.offLabel}</p>}
        <dl className="request-fields publishing-figures">
          <dt>{PUBLISHING.deploysLabel}</dt>
          <dd data-figure="deploys">{PUBLISHING.deploys(status.used, status.budget)}</dd>
          <dt>{PUBLISHING.creditsLabel}</dt>
          <dd data-figure="credits">{PUBLISHING.credits(status.estimatedCredits, status.budgetCredits)}</dd>
          <dt>{PUBLISHING.modeLabel}</dt>
          <dd>{PUBLISHING.modes[status.mode]}</dd>
          <dt>{PUBLISHING.nextLabel}</dt>
          <dd data-figure="next">{liveLine(status.live)}</dd>
          <dt>{PUBLISHING.windowLabel}</dt>
          <dd>{PUBLISHING.window(status.window)}</dd>
          <dt>{PUBLISHING.lastLabel}</dt>
          <dd>
            {last
              ? PUBLISHING.lastBy(
                  istDateTime(last.at),
                  PUBLISHING.reasons[last.reason] ?? last.reason,
                  last.byName,
                )
              : PUBLISHING.lastNone}
          </dd>
        </dl>
        {owner ? (
          <div className="item-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={publishing || status.remaining === 0 || !status.enabled}
              aria-describedby="publish-cost"
              onClick={() => void store.publishNow((text) => window.confirm(text))}
            >
              {publishing ? PUBLISHING.publishing : PUBLISHING.publishNow}
            </button>
            <p id="publish-cost" className="field-hint">
              {status.remaining > 0
                ? PUBLISHING.publishCost(status.creditsPerDeploy, status.remaining - 1)
                : PUBLISHING.publishNone}
            </p>
          </div>
        ) : (
          <p className="field-hint">{PUBLISHING.ownersPublish}</p>
        )}
        <h2 className="panel-title">{PUBLISHING.queueHeading}</h2>
        {status.queued.length === 0 ? (
          <p className="alert alert-info">{PUBLISHING.queueEmpty}</p>
        ) : (
          <ul className="item-list publishing-queue">
            {status.queued.map((change) => (
              <li key={change.id} className="item-card">
                {PUBLISHING.queued(
                  PUBLISHING.queuedItem(change.title, familyLabel(change.family)),
                  change.byName,
                  istDateTime(change.at),
                )}
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {PUBLISHING.heading}
      </h1>
      <p className="field-hint">{PUBLISHING.hint}</p>
      <NoticeArea notice={notice} onDismiss={store.clearNotice} />
      {body}
    </section>
  );
}
