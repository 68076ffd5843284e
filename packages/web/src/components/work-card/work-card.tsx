import {
  CARD_COVER_SIZES,
  CHANNEL_LABEL,
  coverImage,
  isModId,
  MOD_NAME,
  type WorkListItem,
} from '@yingku/contract';
import { Skeleton, Tag } from 'antd-mobile';
import { CoverImage } from '../cover-image/cover-image';
import { type MouseEvent, useContext, useState } from 'react';
import { Link } from 'react-router';
import { runtimeConfig } from '../../api/runtime-config';
import { workPath } from '../../app/paths';
import { CardMagnetPopup } from './card-magnet-popup';
import { hasMagnets, onlineBadge } from './card-badges';
import { MagnetIcon } from './magnet-icon';
import { WORK_CARD_TEXT } from './texts';
import styles from './work-card.module.css';

/**
 * Cards at the top of a list whose covers load at once: on a phone they fill the first screen,
 * and the first of them is the page's largest paint. The rest wait until scrolled near.
 */
export const EAGER_COVERS = 4;

export interface WorkCardProps {
  work: WorkListItem;
  /** Load the cover at once rather than when it scrolls into view (see {@link EAGER_COVERS}). */
  eager?: boolean;
}

/**
 * One work in a list (docs/product.md §2): cover, channel and online badges, number, title and publish
 * date; opens the detail. A has-magnet badge opens the work's magnets in a bottom popup instead.
 */
export function WorkCard({ work, eager = false }: WorkCardProps) {
  const renderMagnetPopup = useContext(CardMagnetPopup);
  const [magnetsOpen, setMagnetsOpen] = useState(false);
  const [magnetsOpened, setMagnetsOpened] = useState(false);
  const channel = isModId(work.modId) ? CHANNEL_LABEL[MOD_NAME[work.modId]] : undefined;
  const online = onlineBadge(work.isOnline);
  // WebP sized for the card where the server has it (decision 029), else the cover as it is.
  const cover = coverImage(work.picSmall || work.picBig, runtimeConfig().imageHost, CARD_COVER_SIZES);

  const openMagnets = (event: MouseEvent) => {
    // The badge sits inside the card's link: open the popup, do not follow the link.
    event.preventDefault();
    event.stopPropagation();
    setMagnetsOpen(true);
    setMagnetsOpened(true);
  };

  return (
    <>
      <Link to={workPath(work)} className={styles.card}>
        <div className={styles.cover}>
          {/* Painted from the page itself when the server prerendered it (decision 033); later
              covers load when scrolled near, by the browser's own lazy loading. */}
          <CoverImage image={cover} alt={work.title} fit="cover" lazy={!eager} />
          {channel && (
            <Tag className={styles.badge} color="primary" fill="solid">
              {channel}
            </Tag>
          )}
          {online && (
            <Tag
              className={styles.onlineBadge}
              color={online.kind === 'online' ? 'success' : 'warning'}
              fill="solid"
              data-testid="online-badge"
            >
              {online.text}
            </Tag>
          )}
          {hasMagnets(work) && (
            <button
              type="button"
              className={styles.magnetBadge}
              onClick={openMagnets}
              aria-label={`${WORK_CARD_TEXT.showMagnets} ${work.number}`}
              aria-haspopup="dialog"
            >
              <MagnetIcon />
              {WORK_CARD_TEXT.magnet}
            </button>
          )}
        </div>
        <div className={styles.body}>
          <div className={styles.number}>{work.number}</div>
          <div className={styles.title}>{work.title}</div>
          <time className={styles.date} dateTime={work.pubTime}>
            {work.pubTime}
          </time>
        </div>
      </Link>
      {/* Outside the link: clicks inside the popup (a portal) must not bubble into the link. */}
      {hasMagnets(work) &&
        renderMagnetPopup?.({
          opened: magnetsOpened,
          number: work.number,
          visible: magnetsOpen,
          onClose: () => setMagnetsOpen(false),
        })}
    </>
  );
}

/** The card's shape while its list loads, so the grid does not jump. */
export function WorkCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <Skeleton className={styles.coverSkeleton} animated />
      <div className={styles.body}>
        <Skeleton.Paragraph lineCount={2} animated />
      </div>
    </div>
  );
}
