import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useGoBack } from '../work-detail/use-go-back';
import styles from './vip-screen.module.css';

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
