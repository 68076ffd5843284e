import { CHANNEL_LABEL } from '@yingku/contract';
import { GlobalOutline, PlayOutline, UserOutline, VideoOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { channelPath, PATHS } from './paths';
import { UI_TEXT } from './texts';

export interface Tab {
  path: string;
  title: string;
  Icon: ComponentType;
}

/** The four tabs of SPEC §2: the three channels and the member center. */
export const TABS: readonly Tab[] = [
  { path: channelPath('censored'), title: CHANNEL_LABEL.censored, Icon: VideoOutline },
  { path: channelPath('uncensored'), title: CHANNEL_LABEL.uncensored, Icon: PlayOutline },
  { path: channelPath('western'), title: CHANNEL_LABEL.western, Icon: GlobalOutline },
  { path: PATHS.user, title: UI_TEXT.mine, Icon: UserOutline },
];

/** The tab whose section the path is in (`/censored/123` is in 有码), or null. */
export function activeTabPath(pathname: string): string | null {
  const section = `/${pathname.split('/')[1] ?? ''}`;
  return TABS.some((tab) => tab.path === section) ? section : null;
}
