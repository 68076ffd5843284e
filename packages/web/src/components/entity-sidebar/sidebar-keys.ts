import type { SidebarSource } from './sidebar-source';

/** Query keys of the entity sidebars: every loaded page of one sidebar, or one page. */
export const sidebarKeys = {
  source: (source: SidebarSource) => ['entities', 'sidebar', source] as const,
  page: (source: SidebarSource, pageNum: number) => [...sidebarKeys.source(source), pageNum] as const,
};
