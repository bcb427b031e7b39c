import { SHELL } from '../admin-copy.ts';
import { SCREENS, screenHref, type ScreenRoute } from '../stores/router.ts';

/** Nine links, one per screen; the title collapses to one letter at 768 px or less (CSS). */
export function Sidebar({ current }: { current: ScreenRoute }) {
  return (
    <nav className="admin-sidebar" aria-label={SHELL.navLabel}>
      <p className="admin-brand">
        <span className="admin-brand-full">{SHELL.title}</span>
        <span className="admin-brand-short" aria-hidden="true">
          {SHELL.titleShort}
        </span>
      </p>
      <ul className="admin-nav">
        {SCREENS.map((screen) => (
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
    </nav>
  );
}
