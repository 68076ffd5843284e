import { Button } from '../../components/button/button';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { ErrorBlock } from '../../components/error-block/error-block';
import { formatClock } from './playback-model';
import { PLAYER_TEXT } from './player-texts';
import { DETAIL_TEXT } from './texts';
import styles from './play-controls.module.css';
import playerStyles from './player.module.css';

/**
 * The stream stopped with a way on: a retry (with a new address) and the way to the magnets.
 * By default it cannot play (视频加载失败); `limit` is the account playing on every device it may
 * (其他设备正在播放, with the server's words naming the limit): stopping one frees its place
 * within a minute, then 重新加载 asks again.
 */
export function StreamFailed({
  limit,
  retrying,
  onRetry,
  onShowMagnets,
}: {
  /** The server's words when other devices hold every place. */
  limit?: string | undefined;
  retrying: boolean;
  onRetry: () => void;
  onShowMagnets: () => void;
}) {
  return (
    <ErrorBlock
      status="default"
      title={limit === undefined ? PLAYER_TEXT.streamFailed : PLAYER_TEXT.deviceLimit}
      description={limit ?? PLAYER_TEXT.streamFailedText}
      className={styles.failed}
      data-state={limit === undefined ? 'stream-failed' : 'device-limit'}
    >
      <div className={playerStyles.failedActions}>
        <Button size="small" loading={retrying} onClick={onRetry}>
          {DETAIL_TEXT.retry}
        </Button>
        <Button size="small" color={limit === undefined ? 'primary' : 'default'} onClick={onShowMagnets}>
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
