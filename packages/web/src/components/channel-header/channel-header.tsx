import { LIMITS, type ModName, MSG } from '@yingku/contract';
import { SearchBar, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { searchPath } from '../../app/paths';
import { CHANNEL_MENUS } from './channel-menu';
import { validKeyword } from './keyword';
import styles from './channel-header.module.css';

const SEARCH_PLACEHOLDER = '搜索番号、标题';

export interface ChannelHeaderProps {
  modName: ModName;
  /** Key of the current menu entry (`latest`, `tags`, `top`, `performer`, `maker`…). */
  active: string;
  /** Keyword to show in the search box (the search page passes its own). */
  keyword?: string;
}

/**
 * The top of every channel page (SPEC §2): a search box of at most 32 characters and the
 * channel's menu. A keyword outside 1–32 characters gets the spec's warning.
 */
export function ChannelHeader({ modName, active, keyword = '' }: ChannelHeaderProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState(keyword);
  const submit = (text: string) => {
    if (!validKeyword(text)) {
      Toast.show({ content: MSG.keywordWarning });
      return;
    }
    navigate(searchPath(text.trim()));
  };
  return (
    <header className={styles.header}>
      <div className={styles.search}>
        <SearchBar
          value={value}
          onChange={setValue}
          onSearch={submit}
          placeholder={SEARCH_PLACEHOLDER}
          maxLength={LIMITS.keywordMax}
          aria-label={SEARCH_PLACEHOLDER}
        />
      </div>
      <Tabs
        activeKey={active}
        onChange={(key) => {
          const item = CHANNEL_MENUS[modName].find((entry) => entry.key === key);
          if (item) navigate(item.path);
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
