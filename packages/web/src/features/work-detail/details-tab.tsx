import { coverImage, DETAIL_COVER_SIZES, type EntityRef, type WorkDetailResponse } from '@yingku/contract';
import { Tag } from 'antd-mobile';
import { Button } from '../../components/button/button';
import type { ReactNode } from 'react';
import { runtimeConfig } from '../../api/runtime-config';
import { CoverImage } from '../../components/cover-image/cover-image';
import { onlineBadge } from '../../components/work-card/card-badges';
import { copyText } from '../magnets/clipboard';
import { EntityRow } from './entity-row';
import { type EntityKind, showsSeries } from './entity-links';
import { LibraryActions } from './library-actions';
import { Stars } from './stars';
import { PlayControls } from './play-controls';
import { DETAIL_TEXT } from './texts';
import { showsRating } from './work-detail-model';
import styles from './details-tab.module.css';

/**
 * The details tab (docs/product.md §2): big cover, number with a copy control (not counted against the
 * magnet quota), title, play and preview, like and collect, then the facts and the linked
 * makers, tags and cast.
 */
export function DetailsTab({ detail }: { detail: WorkDetailResponse }) {
  const work = detail.data;
  const online = onlineBadge(work.isOnline);
  const row = (label: string, content: ReactNode, key = label) => (
    <div key={key} className={styles.fact}>
      <dt className={styles.label}>{label}</dt>
      <dd>{content}</dd>
    </div>
  );
  const entities = (label: string, kind: EntityKind, list: readonly EntityRef[]) =>
    list.length > 0 && row(label, <EntityRow kind={kind} modId={work.modId} entities={list} />);

  return (
    <div className={styles.details}>
      <div className={styles.cover}>
        <CoverImage
          image={coverImage(work.picBig, runtimeConfig().imageHost, DETAIL_COVER_SIZES)}
          alt={work.title}
          fit="contain"
        />
      </div>
      <div className={styles.info}>
        <div className={styles.numberRow}>
          <h1 className={styles.number}>{work.number}</h1>
          <Button size="mini" fill="outline" onClick={() => void copyText(work.number)}>
            {DETAIL_TEXT.copyNumber}
          </Button>
          {online && (
            <Tag color={online.kind === 'online' ? 'success' : 'warning'} fill="solid">
              {online.text}
            </Tag>
          )}
        </div>
        <p className={styles.title}>{work.title}</p>
        <div className={styles.actions}>
          <PlayControls work={work} />
          <LibraryActions detail={detail} />
        </div>
        <dl className={styles.facts}>
          {row(DETAIL_TEXT.pubTime, <time dateTime={work.pubTime}>{work.pubTime}</time>)}
          {row(DETAIL_TEXT.duration, DETAIL_TEXT.minutes(work.duration))}
          {entities(DETAIL_TEXT.maker, 'maker', detail.maker)}
          {entities(DETAIL_TEXT.label, 'label', detail.label)}
          {showsSeries(work.modId) && entities(DETAIL_TEXT.series, 'series', detail.series)}
          {entities(DETAIL_TEXT.tags, 'tag', detail.tags)}
          {showsRating(work.average) &&
            row(
              DETAIL_TEXT.rating,
              <span className={styles.rating}>
                <Stars value={Math.round(work.average * 2) / 2} className={styles.stars} />
                <span>{DETAIL_TEXT.ratingText(work.average, work.evaluates)}</span>
              </span>,
            )}
          {entities(DETAIL_TEXT.performer, 'performer', detail.performer)}
        </dl>
      </div>
    </div>
  );
}
