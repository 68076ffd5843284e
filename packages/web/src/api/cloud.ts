import {
  API,
  type CloudDownloadBody,
  cloudDownloadListResponse,
  cloudDownloadResponse,
  PAGE_SIZE,
} from '@yingku/contract';
import { api } from './client';

/**
 * A VIP's cloud downloads (docs/product.md §7 `/web/cloud/file/download`): a title fetched to the site's
 * storage.
 */
export const cloudApi = {
  /**
   * Asks for a work to be fetched; asking again answers the same request. Silent: the detail
   * page shows a refusal (402, not a VIP) as one prompt with the way to /pay, and every other
   * failure through the client's presenter.
   */
  request: (body: Omit<CloudDownloadBody, 'appId' | 'isDht'>) =>
    api.post(API.cloudDownload, { ...body }, { schema: cloudDownloadResponse, silent: true }),
  /** The caller's requests, newest first; `censoredId` narrows them to one work. */
  list: (query: { censoredId?: string; pageNum?: number }, signal?: AbortSignal) =>
    api.get(
      API.cloudDownloads,
      { pageSize: PAGE_SIZE.cloudDownloads, ...query },
      { schema: cloudDownloadListResponse, signal },
    ),
};
