import { type ConversationEntry, ENTRY_TYPE, MESSAGE_STATUS, type MessageThread } from '@yingku/contract';
import { SUPPORT_TEXT } from './texts';

/** How a thread's status tag looks: its label, its antd-mobile colour, whether it stands out. */
export interface StatusTagView {
  label: string;
  color: 'warning' | 'danger' | 'success' | 'default';
  highlighted: boolean;
}

/**
 * The tag of docs/product.md §4's status: 0 待回复, 1 有新回复 (highlighted only while unread — once opened
 * it reads 已回复), 9 已关闭. An unknown status is shown as awaiting, the safest reading.
 */
export function statusTag(thread: Pick<MessageThread, 'status' | 'unread'>): StatusTagView {
  if (thread.status === MESSAGE_STATUS.closed) {
    return { label: SUPPORT_TEXT.statusClosed, color: 'default', highlighted: false };
  }
  if (thread.status === MESSAGE_STATUS.replied) {
    return thread.unread
      ? { label: SUPPORT_TEXT.statusReplied, color: 'danger', highlighted: true }
      : { label: SUPPORT_TEXT.statusRepliedSeen, color: 'success', highlighted: false };
  }
  return { label: SUPPORT_TEXT.statusAwaiting, color: 'warning', highlighted: false };
}

/** docs/product.md §4: 客服还没有回复这个留言 while the conversation holds no customer-service entry. */
export function showsNoReplyYet(entries: readonly Pick<ConversationEntry, 'type'>[]): boolean {
  return !entries.some((entry) => entry.type === ENTRY_TYPE.staff);
}

/** Whether the user may still write in the thread (a closed one takes no more messages). */
export const isOpen = (thread: Pick<MessageThread, 'status'>) => thread.status !== MESSAGE_STATUS.closed;

/** "2026-11-22 09:30:00" or ISO → "2026-11-22 09:30" for the list and the bubbles. */
export function shortTime(time: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(time);
  return match ? `${match[1]} ${match[2]}` : time;
}
