import styles from './offline-banner.module.css';
import { useOnline } from './online';
import { UI_TEXT } from './texts';

/** A line along the top while the browser is offline; gone as soon as the network is back. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className={styles.banner} role="status" data-testid="offline-banner">
      {UI_TEXT.offline}
    </div>
  );
}
