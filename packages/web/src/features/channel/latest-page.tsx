import { type ModName, PAGE_SIZE } from '@yingku/contract';
import { ChannelHeader } from '../../components/channel-header/channel-header';
import { useWorksPages } from '../../components/work-list/use-works-pages';
import { WorkList } from '../../components/work-list/work-list';
import { latestParams } from './channel-params';
import { ListToolbar } from './list-toolbar';
import styles from './channel-page.module.css';

/** `/censored`, `/uncensored`, `/western`: the channel's works of the last 30 days, newest first. */
export function LatestPage({ modName }: { modName: ModName }) {
  const pages = useWorksPages(latestParams(modName), PAGE_SIZE.latest);
  return (
    <div className={styles.page}>
      <ChannelHeader modName={modName} active="latest" />
      <div className={styles.body}>
        <ListToolbar total={pages.total} />
        <WorkList pages={pages} />
      </div>
    </div>
  );
}
