import { Button } from '../../components/button/button';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { ErrorBlock } from '../../components/error-block/error-block';
import { formatClock } from './playback-model';
import { PLAYER_TEXT } from './player-texts';
import { DETAIL_TEXT } from './texts';
import styles from './play-controls.module.css';
import playerStyles from './player.module.css';

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
      title={PLAYER_TEXT.streamFailed}
      description={PLAYER_TEXT.streamFailedText}
      className={styles.failed}
      data-state="stream-failed"
    >
      <div className={playerStyles.failedActions}>
        <Button size="small" loading={retrying} onClick={onRetry}>
          {DETAIL_TEXT.retry}
        </Button>
        <Button size="small" color="primary" onClick={onShowMagnets}>
          {PLAYER_TEXT.showMagnets}
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
      title={PLAYER_TEXT.vipEnded}
      description={message}
      className={styles.failed}
      data-state="vip-ended"
    >
      <div className={playerStyles.failedActions}>
        <Link to={PATHS.pay} className={playerStyles.payLink}>
          {DETAIL_TEXT.openVip}
        </Link>
        <Button size="small" onClick={onShowMagnets}>
          {PLAYER_TEXT.showMagnets}
        </Button>
      </div>
    </ErrorBlock>
  );
}

/** Playback went on from where the member stopped; they may start over instead. */
export function ResumeNotice({ at, onRestart }: { at: number; onRestart: () => void }) {
  return (
    <div className={playerStyles.resumed}>
      <span role="status">{PLAYER_TEXT.resumed(formatClock(at))}</span>
      <button type="button" className={playerStyles.restart} onClick={onRestart}>
        {PLAYER_TEXT.restart}
      </button>
    </div>
  );
}
