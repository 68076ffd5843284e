import type { MediaRow } from '@yingku/contract';
import { formatSiteTime } from '../../lib/site-time';
import type { MediaRecord } from './video.repo';
import { stillPaths } from './video-pipeline';

/**
 * A video as the console shows it: its states, its rungs, its stills, and whether it is the one
 * its work plays (`playingId`, where the list knows it; else a ready video is).
 */
export function toMediaRow(m: MediaRecord & { number?: string; playingId?: string | null }): MediaRow {
  return {
    id: m.id,
    workId: m.workId,
    ...(m.number !== undefined ? { number: m.number } : {}),
    status: m.status,
    sourceName: m.sourceName,
    sourceBytes: String(m.sourceBytes),
    rungs: m.rungs,
    durationSeconds: m.durationSeconds,
    failure: m.failure,
    failureDetail: m.failureDetail,
    attempts: m.attempts,
    playing: m.playingId !== undefined ? m.playingId === m.id : m.status === 'ready',
    stills: m.status === 'ready' ? stillPaths(m.workId, m.id, true) : [],
    createTime: formatSiteTime(m.createdAt),
    updateTime: formatSiteTime(m.updatedAt),
  };
}
