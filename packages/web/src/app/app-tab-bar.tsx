import type { KeyboardEvent } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import { MemberSlot } from '../components/member-slot/member-slot';
import styles from './app-layout.module.css';
import { PATHS } from './paths';
import { activeTabPath, TABS } from './tabs';

/** Space activates a tab as Enter does (a link's own key is Enter only; a tab reads as a button). */
function activateOnSpace(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}

/**
 * The bottom tab bar: one link per tab, so each is reached with Tab and opened with Enter (or
 * Space) as well as a tap; the tab of the current section is highlighted (`aria-current`).
 * While the next screen's code loads, the tab being opened is highlighted already: the tap
 * shows at once. The frame around it is the `<nav>` landmark of the layout.
 */
export function AppTabBar() {
  const location = useLocation();
  const next = useNavigation().location;
  const active = activeTabPath((next ?? location).pathname);
  return (
    <ul className={styles.tabs}>
      {TABS.map(({ path, title, Icon }) => (
        <li key={path} className={styles.tabItem}>
          <Link
            to={path}
            className={styles.tab}
            aria-current={path === active ? 'page' : undefined}
            onKeyDown={activateOnSpace}
          >
            <span className={styles.tabIcon} aria-hidden="true">
              <Icon />
            </span>
            <span className={styles.tabTitle}>{title}</span>
            {path === PATHS.user && <MemberSlot name="badge" />}
          </Link>
        </li>
      ))}
    </ul>
  );
}
