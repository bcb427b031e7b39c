/**
 * Publishing (a staff tool): when an edit goes live (within seconds, with no deploy: docs/decisions.md §76).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { PUBLISHING } from '../../lib/staff-messages.ts';
import { FORM } from '../admin-copy.ts';
import { liveLine } from '../format/publishing.ts';
import { LoadFailed } from '../parts/LoadFailed.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { createPublishingStore } from '../stores/publishing-store.ts';

export default function PublishingScreen() {
  const store = useMemo(() => createPublishingStore(), []);
  const state = useStore(store.$state);
  const notice = useStore(store.$notice);

  useEffect(() => {
    void store.load();
  }, [store]);

  let body;
  if (state.status === 'loading') body = <p className="alert alert-info">{FORM.loading}</p>;
  else if (state.status === 'error')
    body = <LoadFailed message={state.error} onRetry={() => void store.load()} />;
  else {
    const status = state.data;
    body = (
      <>
        <dl className="request-fields publishing-figures">
          <dt>{PUBLISHING.nextLabel}</dt>
          <dd data-figure="next">{liveLine(status.live)}</dd>
        </dl>
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
