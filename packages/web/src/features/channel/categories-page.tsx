import { LIMITS, type ModName, PAGE_SIZE } from '@yingku/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Toast } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { useNavigate, useParams } from 'react-router';
import { tagsPath } from '../../app/paths';
import { UI_TEXT } from '../../app/texts';
import { ChannelHeader } from '../../components/channel-header/channel-header';
import { useWorksPages } from '../../components/work-list/use-works-pages';
import { WorkList } from '../../components/work-list/work-list';
import { categoriesParams, parseTagIds } from './channel-params';
import { ListToolbar } from './list-toolbar';
import styles from './channel-page.module.css';
import { tagGroupsOptions } from './tag-groups-query';
import { TagSelectors } from './tag-selectors';
import { CHANNEL_TEXT } from './texts';
import { ErrorBlock } from '../../components/error-block/error-block';

/**
 * `/tags/index`, `/tags/{tagsId}` and the uncensored and western twins (docs/product.md §2): the channel's
 * tag groups, and below them its works carrying every selected tag (all works on `index`).
 * Selecting replaces the route, so the selection is the URL and the list starts at page 1.
 */
export function CategoriesPage({ modName }: { modName: ModName }) {
  const { tagsId } = useParams();
  const selected = parseTagIds(tagsId);
  const navigate = useNavigate();
  const groups = useQuery(tagGroupsOptions(modName));
  const pages = useWorksPages(categoriesParams(modName, selected), PAGE_SIZE.categories);

  const select = (ids: string[]) => {
    if (ids.length > LIMITS.maxTagsPerFilter) {
      Toast.show({ content: CHANNEL_TEXT.tooManyTags(LIMITS.maxTagsPerFilter) });
      return;
    }
    void navigate(tagsPath(modName, ids.length > 0 ? ids.join(',') : undefined), { replace: true });
  };

  return (
    <div className={styles.page}>
      <ChannelHeader modName={modName} active="tags" />
      {groups.isPending ? (
        <Skeleton.Paragraph lineCount={5} animated className={styles.body} />
      ) : groups.isError ? (
        <ErrorBlock status="default" title={CHANNEL_TEXT.tagsFailed} description="">
          <Button size="small" onClick={() => void groups.refetch()}>
            {UI_TEXT.retry}
          </Button>
        </ErrorBlock>
      ) : (
        <TagSelectors groups={groups.data} selected={selected} onChange={select} />
      )}
      <div className={styles.body}>
        <ListToolbar total={pages.total} />
        <WorkList pages={pages} />
      </div>
    </div>
  );
}
