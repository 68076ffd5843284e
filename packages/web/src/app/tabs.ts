import { CHANNEL_LABEL, MOD_NAMES, type ModName } from '@yingku/contract';
import { CirclePlayIcon, GlobeIcon, UserIcon, VideoIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import { channelPath, PATHS } from './paths';
import { UI_TEXT } from './texts';

export interface Tab {
  path: string;
  title: string;
  Icon: ComponentType;
}

/** The four tabs of docs/product.md §2: the three channels and the member center. */
export const TABS: readonly Tab[] = [
  { path: channelPath('censored'), title: CHANNEL_LABEL.censored, Icon: VideoIcon },
  { path: channelPath('uncensored'), title: CHANNEL_LABEL.uncensored, Icon: CirclePlayIcon },
  { path: channelPath('western'), title: CHANNEL_LABEL.western, Icon: GlobeIcon },
  { path: PATHS.user, title: UI_TEXT.mine, Icon: UserIcon },
];

/**
 * Sections of the censored channel's menu (docs/product.md §2). Under some of them a second segment names
 * another channel (`/tags/uncensored/…`, `/top/western`, `/maker/uncensored/{id}`…).
 */
const SECTION_CHANNELS: ReadonlyMap<string, readonly ModName[]> = new Map([
  ['tags', ['uncensored', 'western']],
  ['top', ['uncensored', 'western']],
  ['performer', ['uncensored']],
  ['maker', ['uncensored', 'western']],
  ['label', []],
  ['director', []],
  ['item', []],
  ['series', []],
]);

const isModName = (value: string | undefined): value is ModName =>
  value !== undefined && (MOD_NAMES as readonly string[]).includes(value);

/**
 * The tab whose section the path is in, or null (home, search, pages outside the tabs):
 * `/censored/123`, `/top`, `/label/5` are in 有码; `/tags/uncensored/7` in 无码; `/user` in 我的.
 */
export function activeTabPath(pathname: string): string | null {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (isModName(first)) return channelPath(first);
  if (`/${first}` === PATHS.user) return PATHS.user;
  const channels = first === undefined ? undefined : SECTION_CHANNELS.get(first);
  if (!channels) return null;
  return channelPath(isModName(second) && channels.includes(second) ? second : 'censored');
}
