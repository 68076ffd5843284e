import { Button } from '../../components/button/button';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { ErrorBlock } from '../../components/error-block/error-block';
import { formatClock } from './playback-model';
import { DETAIL_TEXT } from './texts';
import styles from './play-controls.module.css';

/** The stream cannot play: a retry (with a new address) and the way to the magnets. */
export function StreamFailed({
  retrying,
  onRetry,
  onShowMagnets,
}: {
  retrying: boolean;
  onRetry: () => void;
  onShowMagnets: () => void;
}) {
  return (
    <ErrorBlock
      status="default"
      title={DETAIL_TEXT.streamFailed}
      description={DETAIL_TEXT.streamFailedText}
      className={styles.failed}
      data-state="stream-failed"
    >
      <div className={styles.failedActions}>
        <Button size="small" loading={retrying} onClick={onRetry}>
          {DETAIL_TEXT.retry}
        </Button>
        <Button size="small" color="primary" onClick={onShowMagnets}>
          {DETAIL_TEXT.showMagnets}
        </Button>
      </div>
    </ErrorBlock>
  );
}

/** The VIP ended while watching (the server's 402 on a new address): its words and the way to /pay. */
export function VipEnded({ message, onShowMagnets }: { message: string; onShowMagnets: () => void }) {
  return (
    <ErrorBlock
      status="default"
      title={DETAIL_TEXT.vipEnded}
      description={message}
      className={styles.failed}
      data-state="vip-ended"
    >
      <div className={styles.failedActions}>
        <Link to={PATHS.pay} className={styles.payLink}>
          {DETAIL_TEXT.openVip}
        </Link>
        <Button size="small" onClick={onShowMagnets}>
          {DETAIL_TEXT.showMagnets}
        </Button>
      </div>
    </ErrorBlock>
  );
}

/** Playback went on from where the member stopped; they may start over instead. */
export function ResumeNotice({ at, onRestart }: { at: number; onRestart: () => void }) {
  return (
    <div className={styles.resumed}>
      <span role="status">{DETAIL_TEXT.resumed(formatClock(at))}</span>
      <button type="button" className={styles.restart} onClick={onRestart}>
        {DETAIL_TEXT.restart}
      </button>
    </div>
  );
}
