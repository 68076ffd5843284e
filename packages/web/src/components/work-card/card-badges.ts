import { WORK_CARD_TEXT } from './texts';

/** isOnline of docs/product.md §3: 1 can be watched online, 2 is being transcoded, 0 neither. */
export type OnlineBadge = { kind: 'online' | 'transcoding'; text: string } | undefined;

/** The online badge a work shows (docs/product.md §2): 在线 for 1, 转码中 for 2, none otherwise. */
export function onlineBadge(isOnline: number): OnlineBadge {
  if (isOnline === 1) return { kind: 'online', text: WORK_CARD_TEXT.online };
  if (isOnline === 2) return { kind: 'transcoding', text: WORK_CARD_TEXT.transcoding };
  return undefined;
}

/** Whether a work has magnets, so its card offers the magnet popup (isDht 1). */
export const hasMagnets = (work: { isDht: number }) => work.isDht === 1;
