import { TabBar } from 'antd-mobile';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { activeTabPath, TABS } from './tabs';

/**
 * The bottom tab bar; the tab of the current section is highlighted (`aria-current`). While the
 * next screen's code loads, the tab being opened is highlighted already: the tap shows at once.
 */
export function AppTabBar() {
  const location = useLocation();
  const next = useNavigation().location;
  const navigate = useNavigate();
  const active = activeTabPath((next ?? location).pathname);
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
