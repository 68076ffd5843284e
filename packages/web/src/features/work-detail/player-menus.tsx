import { PLAYBACK_RATES } from '@yingku/contract';
import type { StreamEngine } from './attach-stream';
import { AUTO_QUALITY, pinnableRungs, type QualityChoice, type QualityRung } from './playback-model';
import { PLAYER_TEXT } from './player-texts';
import styles from './player.module.css';

function Toggle({ pressed, onPress, children }: { pressed: boolean; onPress: () => void; children: string }) {
  return (
    <button
      type="button"
      className={pressed ? `${styles.rate} ${styles.rateActive}` : styles.rate}
      aria-pressed={pressed}
      onClick={onPress}
    >
      {children}
    </button>
  );
}

export interface QualityMenuProps {
  engine: StreamEngine | undefined;
  rungs: readonly QualityRung[];
  choice: QualityChoice;
  /** The rung playing now, shown beside 自动. */
  playingRung: QualityRung | undefined;
  onChoose: (choice: QualityChoice) => void;
}

/**
 * The quality menu: 自动 and every rung of the stream, tallest first. The browser's own HLS
 * (Safari, iOS) picks the rung itself: there it says 自动 only; a single rung offers no choice.
 */
export function QualityMenu({ engine, rungs, choice, playingRung, onChoose }: QualityMenuProps) {
  if (!engine) return null;
  if (engine === 'native') {
    return (
      <div className={styles.rates} role="group" aria-label={PLAYER_TEXT.quality}>
        <span className={styles.ratesLabel}>{PLAYER_TEXT.quality}</span>
        <span className={styles.note}>{PLAYER_TEXT.qualityAutoOnly}</span>
      </div>
    );
  }
  const pinnable = pinnableRungs(rungs, engine);
  if (pinnable.length === 0) return null;
  return (
    <div
      className={styles.rates}
      role="group"
      aria-label={PLAYER_TEXT.quality}
      data-choice={choice}
      data-playing={playingRung?.name}
    >
      <span className={styles.ratesLabel}>{PLAYER_TEXT.quality}</span>
      <Toggle pressed={choice === AUTO_QUALITY} onPress={() => onChoose(AUTO_QUALITY)}>
        {PLAYER_TEXT.qualityAuto}
      </Toggle>
      {pinnable.map((rung) => (
        <Toggle key={rung.name} pressed={choice === rung.name} onPress={() => onChoose(rung.name)}>
          {PLAYER_TEXT.qualityName(rung.name)}
        </Toggle>
      ))}
      {choice === AUTO_QUALITY && playingRung && (
        <span className={styles.note}>{PLAYER_TEXT.qualityPlaying(playingRung.name)}</span>
      )}
    </div>
  );
}

/** The playback rates of docs/product.md §9, a row of toggles. */
export function RateMenu({ rate, onRate }: { rate: number; onRate: (rate: number) => void }) {
  return (
    <div className={styles.rates} role="group" aria-label={PLAYER_TEXT.playbackRate}>
      <span className={styles.ratesLabel}>{PLAYER_TEXT.playbackRate}</span>
      {PLAYBACK_RATES.map((value) => (
        <Toggle key={value} pressed={value === rate} onPress={() => onRate(value)}>
          {PLAYER_TEXT.rate(value)}
        </Toggle>
      ))}
    </div>
  );
}
