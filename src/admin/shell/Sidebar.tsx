import { useStore } from '@nanostores/react';
import { SHELL } from '../admin-copy.ts';
import { SCREENS, screenHref, type ScreenGroup, type ScreenRoute } from '../stores/router.ts';
import { $me } from '../stores/session.ts';

/** Owner-only screens stay out of an editor's navigation (and out of everyone's until the role is known). */
export const visibleTo = (role: string | undefined) => (screen: { ownerOnly?: boolean }) =>
  !screen.ownerOnly || role === 'owner';

function ScreenLinks({ group, current }: { group: ScreenGroup; current: ScreenRoute }) {
  const role = useStore($me)?.role;
  return (
    <ul className="admin-nav">
      {SCREENS.filter(
        (screen: { group: ScreenGroup; ownerOnly?: boolean }) =>
          screen.group === group && visibleTo(role)(screen),
      ).map((screen) => (
        <li key={screen.route}>
          <a
            href={screenHref(screen.path)}
            className="admin-nav-link"
            aria-current={screen.route === current ? 'page' : undefined}
          >
            {screen.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The spec's nine links, one per section; the title collapses to one letter at 768 px or less (CSS). Screens
 * beyond the spec (router.ts, group 'tool') get a navigation of their own below, so the nine stay nine.
 */
export function Sidebar({ current }: { current: ScreenRoute }) {
  const hasTools = SCREENS.some((screen: { group: ScreenGroup }) => screen.group === 'tool');
  return (
    <div className="admin-sidebar">
      <p className="admin-brand">
        <span className="admin-brand-full">{SHELL.title}</span>
        <span className="admin-brand-short" aria-hidden="true">
          {SHELL.titleShort}
        </span>
      </p>
      <nav aria-label={SHELL.navLabel}>
        <ScreenLinks group="section" current={current} />
      </nav>
      {hasTools && (
        <nav aria-label={SHELL.toolsNavLabel} className="admin-tools-nav">
          <ScreenLinks group="tool" current={current} />
        </nav>
      )}
    </div>
  );
}
