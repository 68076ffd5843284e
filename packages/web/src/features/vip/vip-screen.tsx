import type { ReactNode } from 'react';
import { useGoBack } from '../work-detail/use-go-back';
import styles from './vip-screen.module.css';
import { BackBar } from '../../components/back-bar/back-bar';

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
      <BackBar className={styles.navBar} onBack={goBack}>
        {title}
      </BackBar>
      <div className={styles.body}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
