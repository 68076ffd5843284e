import { useEffect } from 'react';
import { type UIMatch, useMatches } from 'react-router';
import { UI_TEXT } from './texts';

/** What a route says about itself (data router `handle`, docs/product.md §2). */
export interface RouteHandle {
  /** Page title; the document title becomes `title - 影库`. */
  title: string;
  /**
   * The page draws its own (single) h1. Otherwise the frame gives it a visually hidden h1 with
   * the title, so every page has exactly one.
   */
  ownHeading?: boolean;
  /** Hides the bottom tab bar on this route. */
  hideTabBar?: boolean;
  /** Sends visitors without stored user data to login (docs/product.md §2: no route is flagged yet). */
  requiresLogin?: boolean;
  /** The grey shapes shown while the screen's code loads (app/page-loading.tsx); default `list`. */
  skeleton?: 'list' | 'detail' | 'form';
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}

/** The handle of the deepest matched route that has one. */
export function currentHandle(matches: readonly Pick<UIMatch, 'handle'>[]): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

export function useRouteHandle(): RouteHandle | undefined {
  return currentHandle(useMatches());
}

export function documentTitle(title: string | undefined): string {
  return title ? `${title} - ${UI_TEXT.siteName}` : UI_TEXT.siteName;
}

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
