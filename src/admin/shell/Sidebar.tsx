import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { definitionsOfKind, type RequestFamilyKey } from '../../families/index.ts';
import { SHELL } from '../admin-copy.ts';
import { SCREENS, screenHref, type ScreenGroup, type ScreenRoute } from '../stores/router.ts';
import { $me } from '../stores/session.ts';
import { $requestsSummary, refreshSummary } from '../stores/summary-store.ts';

/** The screens whose link carries a badge of new requests, and the family it counts. */
const BADGES = Object.fromEntries(
  definitionsOfKind('request').map((definition) => [definition.admin.route, definition.key]),
) as Partial<Record<ScreenRoute, RequestFamilyKey>>;

/** Owner-only screens stay out of an editor's navigation (and out of everyone's until the role is known). */
const visibleTo = (role: string | undefined) => (screen: { ownerOnly?: boolean }) =>
  !screen.ownerOnly || role === 'owner';

function ScreenLinks({ group, current }: { group: ScreenGroup; current: ScreenRoute }) {
  const summary = useStore($requestsSummary).data;
  const role = useStore($me)?.role;
  return (
    <ul className="admin-nav">
      {SCREENS.filter(
        (screen: { group: ScreenGroup; ownerOnly?: boolean }) =>
          screen.group === group && visibleTo(role)(screen),
      ).map((screen) => {
        const family = BADGES[screen.route];
        const count = family && summary ? (summary[family]?.new ?? 0) : 0;
        const badgeId = `nav-badge-${screen.route}`;
        return (
          <li key={screen.route} className="admin-nav-item">
            <a
              href={screenHref(screen.path)}
              className="admin-nav-link"
              aria-current={screen.route === current ? 'page' : undefined}
              // The count describes the link and stays out of its name, which is the screen's label.
              aria-describedby={count > 0 ? badgeId : undefined}
            >
              {screen.label}
            </a>
            {count > 0 && (
              <span id={badgeId} className="nav-badge" data-testid={badgeId}>
                <span aria-hidden="true">{count}</span>
                <span className="visually-hidden">{SHELL.newRequests(count)}</span>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The spec's nine links, one per section; the title collapses to one letter at 768 px or less (CSS). Screens
 * beyond the spec (router.ts, group 'tool') get a navigation of their own below, under a visible heading, so the
 * nine stay nine. The request links show how many requests are new (refreshed on opening a request screen and
 * after a change). On a phone (576 px or less) a sidebar would take a quarter of the width for good, so the
 * one-letter title and a menu button make a top bar and the links open below it.
 */
export function Sidebar({ current }: { current: ScreenRoute }) {
  const hasTools = SCREENS.some((screen: { group: ScreenGroup }) => screen.group === 'tool');
  const hasCatalogue = SCREENS.some((screen: { group: ScreenGroup }) => screen.group === 'catalogue');
  const onRequests = current in BADGES;
  const opened = useRef(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The screen the menu was opened on: choosing another screen closes it, as the public site's menu closes on
  // navigation.
  const [openOn, setOpenOn] = useState<ScreenRoute | null>(null);
  const menuOpen = openOn === current;
  const id = useId();
  useEffect(() => {
    // Once when the admin opens, and on each request screen: other screens change no count.
    if (opened.current && !onRequests) return;
    opened.current = true;
    void refreshSummary();
  }, [onRequests, current]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setOpenOn(null);
    menuButton.current?.focus();
  };
  return (
    <div className={`admin-sidebar${menuOpen ? ' is-open' : ''}`} onKeyDown={closeOnEscape}>
      <div className="admin-sidebar-bar">
        <p className="admin-brand">
          <span className="admin-brand-full">{SHELL.title}</span>
          <span className="admin-brand-short" aria-hidden="true">
            {SHELL.titleShort}
          </span>
        </p>
        <button
          ref={menuButton}
          type="button"
          className="btn btn-outline btn-small admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls={`${id}-menu`}
          onClick={() => setOpenOn(menuOpen ? null : current)}
        >
          {SHELL.menu}
        </button>
      </div>
      {/* Any link closes the menu, the current screen's too (that one changes no route). */}
      <div
        id={`${id}-menu`}
        className="admin-menu"
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a')) setOpenOn(null);
        }}
      >
        <nav aria-label={SHELL.navLabel}>
          <ScreenLinks group="section" current={current} />
        </nav>
        {hasCatalogue && (
          <nav aria-labelledby={`${id}-catalogue`} className="admin-tools-nav">
            <h2 id={`${id}-catalogue`} className="admin-nav-heading">
              {SHELL.catalogueNavLabel}
            </h2>
            <ScreenLinks group="catalogue" current={current} />
          </nav>
        )}
        {hasTools && (
          <nav aria-labelledby={`${id}-tools`} className="admin-tools-nav">
            <h2 id={`${id}-tools`} className="admin-nav-heading">
              {SHELL.toolsNavLabel}
            </h2>
            <ScreenLinks group="tool" current={current} />
          </nav>
        )}
      </div>
    </div>
  );
}
