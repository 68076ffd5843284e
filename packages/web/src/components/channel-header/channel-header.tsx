import type { ModName } from '@yingku/contract';
import { Tabs } from '../tabs/tabs';
import { useNavigate } from 'react-router';
import { CHANNEL_MENUS } from './channel-menu';
import { SearchBox } from './search-box';
import styles from './channel-header.module.css';

export interface ChannelHeaderProps {
  modName: ModName;
  /** Key of the current menu entry (`latest`, `tags`, `top`, `performer`, `maker`…). */
  active: string;
  /** Keyword to show in the search box (the search page passes its own). */
  keyword?: string;
}

/**
 * The top of every channel page (docs/product.md §2): a search box of at most 32 characters and the
 * channel's menu. A keyword outside 1–32 characters gets the warning of docs/product.md §5.
 */
export function ChannelHeader({ modName, active, keyword = '' }: ChannelHeaderProps) {
  const navigate = useNavigate();
  return (
    <header className={styles.header}>
      <SearchBox keyword={keyword} className={styles.search} />
      <Tabs
        activeKey={active}
        onChange={(key) => {
          const item = CHANNEL_MENUS[modName].find((entry) => entry.key === key);
          if (item) void navigate(item.path);
        }}
        className={styles.menu}
      >
        {CHANNEL_MENUS[modName].map((item) => (
          <Tabs.Tab key={item.key} title={item.title} />
        ))}
      </Tabs>
    </header>
  );
}
