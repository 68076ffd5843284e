import { z } from 'zod';
import { LIMITS, PAGE_SIZE } from '../limits';
import { STAFF_PAGE_SIZE } from '../staff-limits';
import { MSG } from '../messages';
import { SERVER_MSG } from '../server-messages';
import { clientFields } from './account';
import { dataEnvelope, idString, pageNumParam, pageSizeParam, tableEnvelope } from './common';

/** Thread status of docs/product.md §4: 0 awaiting reply, 1 new reply, 9 closed. */
export const MESSAGE_STATUS = { awaiting: 0, replied: 1, closed: 9 } as const;
/** Conversation entry type of docs/product.md §3: 0 the user's question, 1 customer service. */
export const ENTRY_TYPE = { user: 0, staff: 1 } as const;

/** A message text: required (请填写后提交), at most 150 characters (docs/product.md §5). */
export const messageText = z
  .string(MSG.followUpEmpty)
  .trim()
  .min(1, MSG.followUpEmpty)
  .max(LIMITS.messageMax, SERVER_MSG.messageTooLong);

/** POST /v2/message — a new question (a thread). */
export const createMessageBody = z.object({ ...clientFields, message: messageText });
export type CreateMessageBody = z.input<typeof createMessageBody>;

/** A thread as its list shows it (docs/product.md §3). `unread`: a reply the user has not opened yet. */
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

/** What the user's follow-up and close calls answer: the thread as it now stands. */
export const messageThreadResponse = dataEnvelope(messageThread);

// ——— Customer service's console (staff or admin; a member gets 403 SERVER_MSG.staffOnly) ———

/**
 * GET /v2/admin/messages — the staff inbox. Without `status`: every thread, those awaiting a
 * reply first (oldest waiting first), then the rest by newest activity; with it, only that status.
 */
export const staffInboxQuery = z.object({
  ...clientFields,
  status: z.enum(['0', '1', '9']).transform(Number).optional(),
  pageNum: pageNumParam,
  pageSize: pageSizeParam(STAFF_PAGE_SIZE.staffInbox),
});
export type StaffInboxQuery = z.input<typeof staffInboxQuery>;

/** A thread as the console shows it: the list's fields and whose it is. */
export const staffThread = messageThread.extend({ userId: z.string(), userName: z.string() });
export type StaffThread = z.infer<typeof staffThread>;
export const staffInboxResponse = tableEnvelope(staffThread);
export const staffThreadResponse = dataEnvelope(staffThread);

/** /v2/admin/messages/{id}… — any user's thread. */
export const staffThreadParams = z.object({ id: idString });

/** An entry as the console shows it: a staff reply names who wrote it (null: a user's entry). */
export const staffEntry = conversationEntry.extend({ authorName: z.string().nullable() });
export type StaffEntry = z.infer<typeof staffEntry>;

/** GET /v2/admin/messages/{id} — the thread and its conversation, oldest first (unread stays). */
export const staffConversation = z.object({ thread: staffThread, entries: z.array(staffEntry) });
export type StaffConversation = z.infer<typeof staffConversation>;
export const staffConversationResponse = dataEnvelope(staffConversation);

/** POST /v2/admin/messages/{id}/reply — customer service's answer (the thread becomes 1). */
export const replyBody = z.object({ ...clientFields, message: messageText });
export type ReplyBody = z.input<typeof replyBody>;
