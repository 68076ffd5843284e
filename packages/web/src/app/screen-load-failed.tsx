import { Button } from '../components/button/button';
import { useOnline } from './online';
import styles from './status-page.module.css';
import { UI_TEXT } from './texts';
import { ErrorBlock } from '../components/error-block/error-block';

/**
 * Where a screen would be when its code did not arrive (offline, the server out of reach): what
 * happened, and a retry that fetches the code again. The frame around it stays (tab bar, title).
 */
export function ScreenLoadFailed({ onRetry }: { onRetry: () => void }) {
  const online = useOnline();
  return (
    <div className={styles.page} data-testid="screen-load-failed">
      <ErrorBlock
        status="default"
        title={UI_TEXT.screenLoadFailed}
        description={online ? UI_TEXT.screenLoadFailedHint : UI_TEXT.screenLoadFailedOffline}
      >
        <Button color="primary" onClick={onRetry}>
          {UI_TEXT.retry}
        </Button>
      </ErrorBlock>
    </div>
  );
}
