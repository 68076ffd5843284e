import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useDocumentTitle, useRouteHandle } from '../../app/route-handle';
import { useGoBack } from '../work-detail/use-go-back';
import styles from './vip-screen.module.css';

/**
 * The frame of /pay and /orders, which live outside the main layout (SPEC §2): no tab bar, only
 * the route's title on the document; the page brings its own nav bar.
 */
export function StandaloneLayout() {
  useDocumentTitle(useRouteHandle()?.title);
  return (
    <main>
      <Outlet />
    </main>
  );
}

interface VipScreenProps {
  title: string;
  children: ReactNode;
  /** Pinned to the bottom of the screen (the pay button). */
  footer?: ReactNode;
}

/** A VIP screen: a sticky nav bar whose back arrow returns where the user came from (or home). */
export function VipScreen({ title, children, footer }: VipScreenProps) {
  const goBack = useGoBack();
  return (
    <div className={footer ? `${styles.page} ${styles.withFooter}` : styles.page}>
      <NavBar className={styles.navBar} onBack={goBack}>
        {title}
      </NavBar>
      <div className={styles.body}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
