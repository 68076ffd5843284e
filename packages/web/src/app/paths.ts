import { isModId, MOD_NAME, type ModName } from '@yingku/contract';

/** Client routes of SPEC §2 that other screens link to. */
export const PATHS = {
  ageGate: '/',
  home: '/index',
  user: '/user',
} as const;

export const channelPath = (modName: ModName) => `/${modName}`;

/** A work's detail route, `/censored/{id}` and so on; works of an unknown channel go to censored. */
export function workPath(work: { id: string; modId: number }): string {
  const modName = isModId(work.modId) ? MOD_NAME[work.modId] : 'censored';
  return `/${modName}/${encodeURIComponent(work.id)}`;
}
