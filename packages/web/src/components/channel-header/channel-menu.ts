import type { ModName } from '@yingku/contract';
import { channelPath, entityPath, makerPath, performerPath, tagsPath, topPath } from '../../app/paths';

export interface MenuItem {
  key: string;
  title: string;
  path: string;
}

/**
 * The top channel menus of docs/product.md §2, exactly: censored has nine entries, uncensored four,
 * western three.
 */
export const CHANNEL_MENUS: Record<ModName, readonly MenuItem[]> = {
  censored: [
    { key: 'latest', title: '最新', path: channelPath('censored') },
    { key: 'tags', title: '分类', path: tagsPath('censored') },
    { key: 'top', title: '排行', path: topPath('censored') },
    { key: 'performer', title: '女优', path: performerPath('censored') },
    { key: 'maker', title: '制作商', path: makerPath('censored') },
    { key: 'label', title: '发行商', path: entityPath('label') },
    { key: 'director', title: '导演', path: entityPath('director') },
    { key: 'item', title: '同类', path: entityPath('item') },
    { key: 'series', title: '系列', path: entityPath('series') },
  ],
  uncensored: [
    { key: 'latest', title: '最新', path: channelPath('uncensored') },
    { key: 'tags', title: '分类', path: tagsPath('uncensored') },
    { key: 'top', title: '排行', path: topPath('uncensored') },
    { key: 'performer', title: '女优', path: performerPath('uncensored') },
  ],
  western: [
    { key: 'latest', title: '最新', path: channelPath('western') },
    { key: 'tags', title: '分类', path: tagsPath('western') },
    { key: 'top', title: '排行', path: topPath('western') },
  ],
};
