import { TabBar } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router';
import { activeTabPath, TABS } from './tabs';

/** The bottom tab bar; the tab of the current section is highlighted. */
export function AppTabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <TabBar activeKey={activeTabPath(pathname)} onChange={(path) => navigate(path)} safeArea>
      {TABS.map(({ path, title, Icon }) => (
        <TabBar.Item key={path} title={title} icon={<Icon />} />
      ))}
    </TabBar>
  );
}
