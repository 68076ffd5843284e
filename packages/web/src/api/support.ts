import {
  API,
  conversationResponse,
  createMessageResponse,
  fillPath,
  messageListResponse,
  messageThreadResponse,
  PAGE_SIZE,
} from '@yingku/contract';
import { api } from './client';

/** Customer-service calls of docs/product.md §7 (the client adds the app id to every /v2/message call). */
export const supportApi = {
  /** A new question: a thread awaiting a reply. */
  create: (message: string) => api.post(API.messageCreate, { message }, { schema: createMessageResponse }),
  /** A follow-up in the caller's own open thread. */
  followUp: (messageId: string, message: string) =>
    api.post(API.messageFollowUp, { messageId, message }, { schema: messageThreadResponse }),
  /** One page of the caller's threads, newest activity first. */
  list: (pageNum: number, signal?: AbortSignal) =>
    api.get(
      API.messageList,
      { pageNum, pageSize: PAGE_SIZE.messages },
      { schema: messageListResponse, signal },
    ),
  /** The conversation, oldest first; reading it marks a new reply seen. */
  conversation: (id: string, signal?: AbortSignal) =>
    api.get(fillPath(API.messageThread, { id }), {}, { schema: conversationResponse, signal }),
  /** Closes the caller's thread (status 9). */
  close: (id: string) => api.post(API.messageClose, { id }, { schema: messageThreadResponse }),
};
