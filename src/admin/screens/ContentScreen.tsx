/**
 * The one screen for every content family (home content, home services, home courses, service content,
 * careers, and any family added to the registry): an add/edit form and the list with edit and delete (spec
 * section 2 "Admin screens", 4, 5 and 8), and the content workflow: alt text beside the picture,
 * drafts, reordering by buttons and by drag and drop, Undo after a delete, and each item's history. All of it
 * is derived from the family's fields, in their order; only the heading, noun, layout and error policy come
 * from the screen's config (content-screens.ts). The form and the list are ./content/ContentForm.tsx and
 * ./content/ContentList.tsx; this file joins them over one store.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import type { ContentFamilyKey } from '../../lib/collections.ts';
import { CONTENT_SCREENS, type ContentScreenConfig } from '../content-screens.ts';
import { EDIT_PARAM } from '../stores/scheduled-store.ts';
import { createContentStore, type ContentStore } from '../stores/content-store.ts';
import { ContentForm } from './content/ContentForm.tsx';
import { ContentList } from './content/ContentList.tsx';

export { ContentForm, ContentList };

/** Batch issuing and the CSV import, only on the certificate screen (its own chunk). */
const CertificateTools = lazy(() => import('./content/CertificateTools.tsx'));

/** The screen of a family in the registry. */
export default function RegisteredContentScreen({ family }: { family: ContentFamilyKey }) {
  return <ContentScreen screen={CONTENT_SCREENS[family]} />;
}

/** The screen of any content family, from its config (the registry's, or a test's own family). */
export function ContentScreen({ screen }: { screen: ContentScreenConfig }) {
  const store = useMemo(() => createContentStore(screen), [screen]);
  useEffect(() => {
    void store.load();
  }, [store]);
  useEditLink(store);

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {screen.heading}
      </h1>
      {screen.hint && <p className="screen-hint">{screen.hint}</p>}
      {screen.family.key === 'certificate' && (
        <Suspense fallback={null}>
          <CertificateTools onIssued={() => void store.load()} />
        </Suspense>
      )}
      <ContentForm config={screen} store={store} />
      <ContentList config={screen} store={store} />
      <Announcer store={store} />
    </section>
  );
}

/**
 * `?edit={id}` (the Scheduled screen's Edit link) opens that item in the form once the list has it,
 * then leaves the address as the screen's own.
 */
function useEditLink(store: ContentStore) {
  const list = useStore(store.$list);
  const done = useRef(false);
  useEffect(() => {
    if (done.current || list.status !== 'ready') return;
    const wanted = new URLSearchParams(window.location.search).get(EDIT_PARAM);
    if (!wanted) return;
    done.current = true;
    const item = list.items.find((candidate) => candidate._id === wanted);
    if (item) store.startEdit(item);
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [list, store]);
}

/** A polite live region for what changes without a notice: an item moved in the order. */
function Announcer({ store }: { store: ContentStore }) {
  const announcement = useStore(store.$announcement);
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}
