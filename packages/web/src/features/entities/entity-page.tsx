import { PAGE_SIZE } from '@yingku/contract';
import { type CSSProperties, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { UI_TEXT, workCountText } from '../../app/texts';
import { ChannelHeader } from '../../components/channel-header/channel-header';
import { EntitySidebar } from '../../components/entity-sidebar/entity-sidebar';
import { parseSidebarPage, sidebarPageCount } from '../../components/entity-sidebar/sidebar-source';
import { useLoadedEntry, useSidebarPage } from '../../components/entity-sidebar/use-sidebar-page';
import { type EntityScreen, INDEX_ID, selectEntity } from './entity-screens';
import { EntityWorks } from './entity-works';
import { useFirstChildHeight } from './use-first-child-height';
import styles from './entity-page.module.css';
import { ENTITY_TEXT } from './texts';
import { ErrorBlock } from '../../components/error-block/error-block';

/** `?page=` of the sidebar, kept in the URL so an entry's link, reload and back keep the page. */
const PAGE_PARAM = 'page';

/**
 * An entity screen (docs/product.md §2): the channel header, a paged sidebar of entities on the left and
 * the works of the selected one on the right. `/x/index` selects the first entry of page 1.
 */
export function EntityPage({ screen }: { screen: EntityScreen }) {
  const { id: routeId } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const pageRef = useRef<HTMLDivElement>(null);
  const headerHeight = useFirstChildHeight(pageRef);

  const page = parseSidebarPage(searchParams.get(PAGE_PARAM));
  const sidebar = useSidebarPage(screen.sidebar, page);
  // The index selects the first entry of page 1 whatever page the sidebar shows (on page 1 this
  // is the same query as `sidebar`); an entity's route does not need it.
  const firstPage = useSidebarPage(screen.sidebar, 1, routeId === INDEX_ID);
  const selection = selectEntity(routeId, firstPage.data?.entries[0]?.id);
  const selectedId = selection.state === 'entity' ? selection.id : undefined;
  const selected = useLoadedEntry(screen.sidebar, selectedId);
  const pageCount = sidebarPageCount(sidebar.data?.total ?? 0, PAGE_SIZE.sidebar);

  const withPage = (path: string, n: number) => (n > 1 ? `${path}?${PAGE_PARAM}=${n}` : path);
  const style = { '--entity-top': `${headerHeight}px` } as CSSProperties;

  return (
    <div ref={pageRef} className={styles.page} style={style}>
      <ChannelHeader modName={screen.modName} active={screen.menuKey} />
      <div className={styles.body}>
        <aside className={styles.aside}>
          <EntitySidebar
            label={screen.title}
            entries={sidebar.data?.entries ?? []}
            activeId={selectedId}
            onSelect={(id) => void navigate(withPage(screen.path(id), page))}
            page={page}
            pageCount={pageCount}
            onPage={(n) => setSearchParams(n > 1 ? { [PAGE_PARAM]: String(n) } : {}, { replace: true })}
            pending={sidebar.isPending}
            fetching={sidebar.isPlaceholderData}
            failed={sidebar.isError}
            onRetry={() => {
              void sidebar.refetch();
              if (page !== 1 && firstPage.isError) void firstPage.refetch();
            }}
            countText={workCountText}
          />
        </aside>
        <div className={styles.main}>
          {selection.state === 'entity' ? (
            <EntityWorks screen={screen} id={selection.id} name={selected?.name} count={selected?.count} />
          ) : selection.state === 'bad-id' ? (
            <ErrorBlock status="empty" title={ENTITY_TEXT.badId} description={ENTITY_TEXT.badIdHint} />
          ) : firstPage.isError ? (
            // Nothing to select until the sidebar loads; its retry loads it (no toast, docs/product.md §8).
            <ErrorBlock status="default" title={UI_TEXT.listFailed} description="" />
          ) : firstPage.isSuccess ? (
            <ErrorBlock status="empty" title={ENTITY_TEXT.noEntities} description="" />
          ) : null}
        </div>
      </div>
    </div>
  );
}
