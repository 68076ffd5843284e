import {
  API,
  type CollectBody,
  collectResponse,
  type CopyBody,
  copyResponse,
  type CreateFolderBody,
  createFolderResponse,
  fillPath,
  folderListResponse,
  libraryWorksResponse,
  type LikeBody,
  likeResponse,
  PAGE_SIZE,
  sharedFolderResponse,
  workFoldersResponse,
} from '@yingku/contract';
import { api } from './client';

/** The personal-library calls of docs/product.md §7 (likes, collect folders) and the server copy count. */
export const libraryApi = {
  like: (body: LikeBody) => api.post(API.like, { ...body }, { schema: likeResponse }),
  likes: (pageNum: number, pageSize: number = PAGE_SIZE.memberLike, signal?: AbortSignal) =>
    api.get(API.likeList, { pageNum, pageSize }, { schema: libraryWorksResponse, signal }),
  folders: (pageNum = 1, pageSize: number = PAGE_SIZE.folders, signal?: AbortSignal) =>
    api.get(API.folderList, { pageNum, pageSize }, { schema: folderListResponse, signal }),
  createFolder: (body: CreateFolderBody) =>
    api.post(API.createFolder, { ...body }, { schema: createFolderResponse }),
  workFolders: (dataId: string, signal?: AbortSignal) =>
    api.get(fillPath(API.workFolders, { dataId }), {}, { schema: workFoldersResponse, signal }),
  collectAdd: (body: CollectBody) => api.post(API.collectAdds, { ...body }, { schema: collectResponse }),
  collectEdit: (body: CollectBody) => api.post(API.collectEdit, { ...body }, { schema: collectResponse }),
  collected: (params: { pageNum: number; pageSize?: number; cateId?: string }, signal?: AbortSignal) =>
    api.get(
      API.collectList,
      { pageSize: PAGE_SIZE.memberCollect, ...params },
      { schema: libraryWorksResponse, signal },
    ),
  /** A public folder through its shared link (docs/product.md §2): anyone may ask, logged in or not. */
  sharedFolder: (cateId: string, shareKey: string, pageNum: number, signal?: AbortSignal) =>
    api.get(
      fillPath(API.sharedFolder, { cateId, shareKey }),
      { pageNum, pageSize: PAGE_SIZE.memberCollect },
      { schema: sharedFolderResponse, signal, silent: 'answers' },
    ),
  /** Records one magnet copy on the server and answers whether it is allowed (docs/product.md §6). */
  recordCopy: (body: CopyBody = {}) => api.post(API.copy, { ...body }, { schema: copyResponse }),
};
