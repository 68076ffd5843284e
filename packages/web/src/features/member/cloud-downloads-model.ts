import { CLOUD_DOWNLOAD_STATUS, type CloudDownloadRow } from '@yingku/contract';
import { workPath } from '../../app/paths';
import type { ListFooter } from './member-model';
import { MEMBER_TEXT } from './texts';

/** The query-string value that opens 我的云下载 over the member center (`/user?panel=cloud`). */
export const CLOUD_PANEL = 'cloud';

/** A request's state as the list shows it: 处理中 until staff put the video online, then 已完成. */
export type CloudRequestState = 'requested' | 'done';

/** One request as a row shows it. */
export interface CloudRequestView {
  state: CloudRequestState;
  stateLabel: string;
  /** `YYYY-MM-DD HH:mm`. */
  requestedAt: string;
  /** `YYYY-MM-DD HH:mm`, or null while requested. */
  doneAt: string | null;
  /**
   * Where the work's link points before it is opened. The row has no channel (modId), so this
   * is the detail route under the main channel, which shows the work whatever its channel; a
   * tap looks the channel up first (cloud-downloads.tsx).
   */
  href: string;
}

/** Any status other than done (1) counts as still being fetched. */
export function cloudRequestState(status: number): CloudRequestState {
  return status === CLOUD_DOWNLOAD_STATUS.done ? 'done' : 'requested';
}

/**
 * A server time (`YYYY-MM-DD HH:mm:ss`, Asia/Shanghai) to the minute, as other lists show times;
 * a text of another shape is shown as it came.
 */
export function minuteTime(time: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(time);
  return match ? `${match[1]} ${match[2]}` : time;
}

export function cloudRequestView(
  row: Pick<CloudDownloadRow, 'workId' | 'modId' | 'status' | 'createTime' | 'doneTime'>,
): CloudRequestView {
  const state = cloudRequestState(row.status);
  return {
    state,
    stateLabel: state === 'done' ? MEMBER_TEXT.cloudDone : MEMBER_TEXT.cloudRequested,
    requestedAt: minuteTime(row.createTime),
    doneAt: state === 'done' && row.doneTime ? minuteTime(row.doneTime) : null,
    href: workPath({ id: row.workId, modId: row.modId }),
  };
}

/**
 * The line under the list: load-more while more pages exist (a retry when that failed), the
 * no-more text once a list of several pages is finished, nothing under a single page.
 */
export function cloudListFooter(state: {
  pages: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
}): ListFooter {
  if (state.loadMoreFailed) return 'retry';
  if (state.hasMore) return state.loadingMore ? 'loading' : 'loadMore';
  return state.pages > 1 ? 'noMore' : 'none';
}
