import {
  fillPath,
  mediaRowResponse,
  mediaRowsResponse,
  mediaStatusResponse,
  STAFF_PAGE_SIZE,
  type StaffMediaQuery,
  STAFF_API,
} from '@yingku/contract';
// The console's client: refusals for want of a second factor, a re-confirmation or a permission are said its way.
import { reconfirmingApi as api } from '../../../api/reconfirming-client';
import type { ListQuery } from '../../../api/admin';

/**
 * The console's video calls (/v2/admin/media…, staff only). The upload itself is tus, not these:
 * see video-upload.ts.
 */
export const mediaApi = {
  /** Whether videos can be made here (ffmpeg found), where they are kept, and the largest upload. */
  status: (signal?: AbortSignal, silent = false) =>
    api.get(STAFF_API.mediaStatus, {}, { schema: mediaStatusResponse, signal, silent }),
  /** A work's videos, newest first. */
  ofWork: (workId: string, signal?: AbortSignal) =>
    api.get(fillPath(STAFF_API.workMedia, { id: workId }), {}, { schema: mediaRowsResponse, signal }),
  /** Videos across the catalogue, most recently changed first; `status` narrows them. */
  list: (query: ListQuery<StaffMediaQuery>, signal?: AbortSignal) =>
    api.get(
      STAFF_API.mediaList,
      { pageSize: STAFF_PAGE_SIZE.staffWorks, ...query },
      { schema: mediaRowsResponse, signal },
    ),
  /** Makes a finished upload the work's new video: it is queued for transcoding. */
  attach: (workId: string, uploadId: string) =>
    api.post(fillPath(STAFF_API.workMedia, { id: workId }), { uploadId }, { schema: mediaRowResponse }),
  retry: (id: string) => api.post(fillPath(STAFF_API.mediaRetry, { id }), {}, { schema: mediaRowResponse }),
  cancel: (id: string) => api.post(fillPath(STAFF_API.mediaCancel, { id }), {}, { schema: mediaRowResponse }),
  /** A ready video's frames become its work's stills. */
  useStills: (id: string) =>
    api.post(fillPath(STAFF_API.mediaStills, { id }), {}, { schema: mediaRowResponse }),
};
