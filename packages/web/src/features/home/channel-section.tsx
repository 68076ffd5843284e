import { CHANNEL_LABEL, type ModName } from '@yingku/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/button/button';
import { ChevronRightIcon } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { channelPath } from '../../app/paths';
import { UI_TEXT } from '../../app/texts';
import { EAGER_COVERS, WorkCard, WorkCardSkeleton } from '../../components/work-card/work-card';
import { WorkGrid } from '../../components/work-grid/work-grid';
import { useMagnetFilter } from '../../session/magnet-filter';
import styles from './channel-section.module.css';
import { HOME_SECTION_SIZE, homeSectionOptions } from './home-lists';
import { ErrorBlock } from '../../components/error-block/error-block';

/**
 * A channel's newest works on the home page, with a link to the channel's own list. `first`: the
 * section at the top, whose first covers load at once.
 */
export function ChannelSection({ modName, first = false }: { modName: ModName; first?: boolean }) {
  const [magnetFilter] = useMagnetFilter();
  // The route's loader already asked (prefetchHomeLists): a list that failed there is not asked
  // again on mount, which would send every failing call twice and show its message twice. The
  // section's retry asks again.
  const works = useQuery({ ...homeSectionOptions(modName, magnetFilter), retryOnMount: false });
  // The cards render as a background update once the list has arrived: React can pause it, so
  // on a slow phone it is no single long task (decision 018).
  const rows = useDeferredValue(works.data?.rows);
  const titleId = `home-${modName}`;
  return (
    <section className={styles.section} aria-labelledby={titleId} data-channel={modName}>
      <header className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {CHANNEL_LABEL[modName]}
        </h2>
        <Link to={channelPath(modName)} className={styles.more}>
          {UI_TEXT.more}
          <ChevronRightIcon />
        </Link>
      </header>
      {works.isError ? (
        // The client has already said why (toast); a failed list only offers to try again (docs/product.md
        // §8).
        <div className={styles.retry}>
          <Button size="small" onClick={() => void works.refetch()}>
            {UI_TEXT.retry}
          </Button>
        </div>
      ) : rows === undefined ? (
        <WorkGrid className={styles.grid}>
          {Array.from({ length: HOME_SECTION_SIZE }, (_, i) => (
            <WorkCardSkeleton key={i} />
          ))}
        </WorkGrid>
      ) : rows.length === 0 ? (
        <ErrorBlock status="empty" />
      ) : (
        <WorkGrid className={styles.grid}>
          {rows.map((work, i) => (
            // The first section's first covers are the home page's first screen.
            <WorkCard key={work.id} work={work} eager={first && i < EAGER_COVERS} />
          ))}
        </WorkGrid>
      )}
    </section>
  );
}
