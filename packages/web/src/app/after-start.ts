import { DISCREET_ATTRIBUTE } from '@yingku/contract';
import type { QueryClient } from '@tanstack/react-query';
import { hasStoredSession } from '../session/auth-storage';
import { storedScript } from '../session/chinese-script';

/**
 * What the page needs once the app has started, by this device's settings (docs/product.md §1): 隐私模式's
 * taps that reveal a picture (the server or the start script marked the page), 繁體中文
 * (decision 046) and, with a login held, the member's controls (关注, 想看/看过, the 我的 badge:
 * decision 045). One module main.tsx loads after the first render when any of them holds, so a
 * visitor's first screen names none of it.
 */
export function afterStart(queryClient: QueryClient): void {
  if (document.documentElement.hasAttribute(DISCREET_ATTRIBUTE))
    void import('../session/discreet-reveal').then((m) => m.revealPicturesOnTap());
  if (storedScript() === 'hant') void import('../session/traditional').then((m) => m.showTraditional());
  if (hasStoredSession()) void import('../features/follows/extras').then((m) => m.default(queryClient));
}
