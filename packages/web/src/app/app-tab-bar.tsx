import { TabBar } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { activeTabPath, TABS } from './tabs';

/** The bottom tab bar; the tab of the current section is highlighted (`aria-current`). */
export function AppTabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = activeTabPath(pathname);
  return (
    <TabBar activeKey={active} onChange={(path) => navigate(path)} safeArea>
      {TABS.map(({ path, title, Icon }) => (
        <TabBar.Item
          key={path}
          title={title}
          icon={<Icon />}
          aria-current={path === active ? 'page' : undefined}
        />
      ))}
    </TabBar>
  );
}
