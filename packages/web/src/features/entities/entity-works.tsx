import { PAGE_SIZE } from '@yingku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/button/button';
import { RotateCwIcon } from 'lucide-react';
import { useMemo } from 'react';
import { MemberSlot } from '../../components/member-slot/member-slot';
import { MagnetFilterSwitch } from '../../components/work-list/magnet-filter-switch';
import { useWorksPages } from '../../components/work-list/use-works-pages';
import { workListKeys } from '../../components/work-list/work-list-keys';
import { WorkList } from '../../components/work-list/work-list';
import { useEntityNameFromWork } from './entity-name';
import { type EntityScreen, entityWorksParams } from './entity-screens';
import styles from './entity-works.module.css';
import { workCountText } from '../../app/texts';
import { ENTITY_TEXT } from './texts';

export interface EntityWorksProps {
  screen: Pick<EntityScreen, 'modName' | 'worksParam' | 'title'>;
  id: string;
  /** The entity as the sidebar lists it, when it is on the sidebar's page. */
  name?: string | undefined;
  count?: number | undefined;
}

/**
 * The works of one entity (docs/product.md §2): 12 a page with load-more, the magnet filter, and a reload
 * control that drops every loaded page and starts again at page 1.
 */
export function EntityWorks({ screen, id, name, count }: EntityWorksProps) {
  const params = useMemo(() => entityWorksParams(screen, id), [screen, id]);
  const pages = useWorksPages(params, PAGE_SIZE.workList);
  const queryClient = useQueryClient();
  const firstWorkId = pages.works[0]?.id;
  const nameFromWork = useEntityNameFromWork(screen.worksParam, id, firstWorkId, name === undefined);

  const reload = () => {
    window.scrollTo({ top: 0 });
    // A reset empties the loaded pages, so the refetch asks for page 1 alone (a plain refetch
    // would reload every page).
    void queryClient.resetQueries({ queryKey: workListKeys.pagesOf(params) });
  };

  return (
    <section className={styles.works} aria-labelledby="entity-works-title">
      <div className={styles.toolbar}>
        <h2 id="entity-works-title" className={styles.title}>
          {name ?? nameFromWork ?? screen.title}
          {count !== undefined && <span className={styles.count}>{workCountText(count)}</span>}
        </h2>
        <div className={styles.controls}>
          <MemberSlot name="follow" />
          <MagnetFilterSwitch />
          <Button size="mini" onClick={reload} loading={pages.refetching} data-testid="entity-reload">
            <RotateCwIcon /> {ENTITY_TEXT.reload}
          </Button>
        </div>
      </div>
      <WorkList pages={pages} skeletons={PAGE_SIZE.workList} />
    </section>
  );
}
