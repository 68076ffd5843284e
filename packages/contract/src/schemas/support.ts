import { z } from 'zod';
import { LIMITS, PAGE_SIZE } from '../limits';
import { MSG, SERVER_MSG } from '../messages';
import { clientFields } from './account';
import { dataEnvelope, idString, pageNumParam, pageSizeParam, tableEnvelope } from './common';

/** Thread status of SPEC §4: 0 awaiting reply, 1 new reply, 9 closed. */
export const MESSAGE_STATUS = { awaiting: 0, replied: 1, closed: 9 } as const;
/** Conversation entry type of SPEC §3: 0 the user's question, 1 customer service. */
export const ENTRY_TYPE = { user: 0, staff: 1 } as const;

/** A message text: required (请填写后提交), at most 150 characters (SPEC §5). */
export const messageText = z
  .string(MSG.followUpEmpty)
  .trim()
  .min(1, MSG.followUpEmpty)
  .max(LIMITS.messageMax, SERVER_MSG.messageTooLong);

/** POST /v2/message — a new question (a thread). */
export const createMessageBody = z.object({ ...clientFields, message: messageText });
export type CreateMessageBody = z.input<typeof createMessageBody>;

/** A thread as its list shows it (SPEC §3). `unread`: a reply the user has not opened yet. */
export const messageThread = z.object({
  id: z.string(),
  /** The first question. */
  message: z.string(),
  status: z.number().int(),
  unread: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type MessageThread = z.infer<typeof messageThread>;
export const createMessageResponse = dataEnvelope(messageThread);

/** POST /v2/message/data — a follow-up in the caller's own open thread. */
export const followUpBody = z.object({ ...clientFields, messageId: idString, message: messageText });
export type FollowUpBody = z.input<typeof followUpBody>;

/** GET /v2/message/list — the caller's threads, newest activity first. */
export const messageListQuery = z.object({
  ...clientFields,
  pageNum: pageNumParam,
  pageSize: pageSizeParam(PAGE_SIZE.messages),
});
export const messageListResponse = tableEnvelope(messageThread);

/** GET /v2/message/{id} — the conversation, oldest first; opening it marks a new reply seen. */
export const messageThreadParams = z.object({ id: idString });
export const conversationEntry = z.object({
  message: z.string(),
  /** 0 the user, 1 customer service. */
  type: z.number().int(),
  createTime: z.string(),
});
export type ConversationEntry = z.infer<typeof conversationEntry>;
export const conversationResponse = tableEnvelope(conversationEntry);

/** POST /v2/message/update — closes the caller's thread (status 9). */
export const closeMessageBody = z.object({ ...clientFields, id: idString });
