import { ALL_TIME, CHANNEL_LABEL, type ModName } from '@yingku/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { worksListOptions } from '../../api/works';
import { channelPath } from '../../app/paths';
import { UI_TEXT } from '../../app/texts';
import { WorkCard, WorkCardSkeleton } from '../../components/work-card/work-card';
import { WorkGrid } from '../../components/work-grid/work-grid';
import { useMagnetFilter } from '../../session/magnet-filter';
import styles from './channel-section.module.css';

/** Works per section: enough for full rows at 2, 4 and 8 columns (CSS shows 6 at 3 and 6). */
export const HOME_SECTION_SIZE = 8;

/** A channel's newest works on the home page, with a link to the channel's own list. */
export function ChannelSection({ modName }: { modName: ModName }) {
  const [magnetFilter] = useMagnetFilter();
  const works = useQuery(
    worksListOptions(
      { modName, pageNum: 1, pageSize: HOME_SECTION_SIZE, sort: 'pubTime', date: ALL_TIME },
      magnetFilter,
    ),
  );
  const titleId = `home-${modName}`;
  return (
    <section className={styles.section} aria-labelledby={titleId} data-channel={modName}>
      <header className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {CHANNEL_LABEL[modName]}
        </h2>
        <Link to={channelPath(modName)} className={styles.more}>
          {UI_TEXT.more}
          <RightOutline />
        </Link>
      </header>
      {works.isPending ? (
        <WorkGrid className={styles.grid}>
          {Array.from({ length: HOME_SECTION_SIZE }, (_, i) => (
            <WorkCardSkeleton key={i} />
          ))}
        </WorkGrid>
      ) : works.isError ? (
        // The client has already said why (toast); a failed list only offers to try again (SPEC §8).
        <div className={styles.retry}>
          <Button size="small" onClick={() => void works.refetch()}>
            {UI_TEXT.retry}
          </Button>
        </div>
      ) : works.data.rows.length === 0 ? (
        <ErrorBlock status="empty" />
      ) : (
        <WorkGrid className={styles.grid}>
          {works.data.rows.map((work) => (
            <WorkCard key={work.id} work={work} />
          ))}
        </WorkGrid>
      )}
    </section>
  );
}
