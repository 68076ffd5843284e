import { CHANNEL_LABEL, imageUrl, isModId, MOD_NAME, type WorkListItem } from '@yingku/contract';
import { Image, Skeleton, Tag } from 'antd-mobile';
import { Link } from 'react-router';
import { runtimeConfig } from '../../api/runtime-config';
import { workPath } from '../../app/paths';
import styles from './work-card.module.css';

export interface WorkCardProps {
  work: WorkListItem;
}

/** One work in a list (SPEC §2): cover, channel badge, number, title and publish date; opens the detail. */
export function WorkCard({ work }: WorkCardProps) {
  const channel = isModId(work.modId) ? CHANNEL_LABEL[MOD_NAME[work.modId]] : undefined;
  const cover = imageUrl(work.picSmall || work.picBig, runtimeConfig().imageHost);
  return (
    <Link to={workPath(work)} className={styles.card}>
      <div className={styles.cover}>
        {/* antd-mobile's own lazy loading: it hides the <img> until loaded, so native loading="lazy" never fires. */}
        <Image src={cover} alt={work.title} width="100%" height="100%" fit="cover" lazy />
        {channel && (
          <Tag className={styles.badge} color="primary" fill="solid">
            {channel}
          </Tag>
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
