import { ENTRY_TYPE, MSG, type MessageThread } from '@yingku/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, Skeleton, Toast } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { useEffect } from 'react';
import { supportApi } from '../../api/support';
import { MessageBox } from './message-form';
import { isOpen, shortTime, showsNoReplyYet } from './support-model';
import { supportKeys } from './support-keys';
import { SUPPORT_TEXT } from './texts';
import styles from './support-page.module.css';
import { ErrorBlock } from '../../components/error-block/error-block';
import { withDialogName } from '../../components/feedback/dialog-name';

/**
 * One thread's conversation (docs/product.md §2, §4): bubbles oldest first, the user's on the right; the
 * follow-up box and 关闭话题 while the thread is open. `onChanged` hands back the thread as the
 * server now holds it (after a follow-up or closing).
 */
export function Conversation(props: { thread: MessageThread; onChanged: (thread: MessageThread) => void }) {
  const { thread, onChanged } = props;
  const queryClient = useQueryClient();
  const entries = useQuery({
    queryKey: supportKeys.conversation(thread.id),
    queryFn: ({ signal }) => supportApi.conversation(thread.id, signal),
    staleTime: 0,
    gcTime: 0,
  });

  // Reading a thread marks its new reply seen on the server: the list is asked again so the
  // highlight goes.
  const loaded = entries.isSuccess;
  useEffect(() => {
    if (loaded && thread.unread) void queryClient.invalidateQueries({ queryKey: supportKeys.threads });
  }, [loaded, thread.unread, queryClient]);

  const afterWrite = async (next: MessageThread) => {
    onChanged(next);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: supportKeys.conversation(thread.id) }),
      queryClient.invalidateQueries({ queryKey: supportKeys.threads }),
    ]);
  };
  const followUp = useMutation({
    mutationFn: (message: string) => supportApi.followUp(thread.id, message),
    onSuccess: (answer) => afterWrite(answer.data),
  });
  const close = useMutation({
    mutationFn: () => supportApi.close(thread.id),
    onSuccess: async (answer) => {
      Toast.show({ content: MSG.topicClosed });
      await afterWrite(answer.data);
    },
  });
  const askClose = async () => {
    const confirmed = await Dialog.confirm(
      withDialogName({
        content: SUPPORT_TEXT.closeConfirm,
        confirmText: SUPPORT_TEXT.confirm,
        cancelText: SUPPORT_TEXT.cancel,
      }),
    );
    if (confirmed) close.mutate();
  };

  return (
    <div className={styles.conversation} data-testid="conversation">
      <div className={styles.entries}>
        {entries.isPending && <Skeleton animated className={styles.skeleton} />}
        {entries.isError && (
          <ErrorBlock status="default" title={SUPPORT_TEXT.conversationFailed} description="">
            <Button onClick={() => void entries.refetch()}>{SUPPORT_TEXT.retry}</Button>
          </ErrorBlock>
        )}
        {entries.data?.rows.map((entry, index) => {
          const mine = entry.type !== ENTRY_TYPE.staff;
          return (
            <div
              key={index}
              className={mine ? styles.mine : styles.theirs}
              data-entry={mine ? 'user' : 'staff'}
            >
              <span className={styles.who}>
                {mine ? SUPPORT_TEXT.me : SUPPORT_TEXT.staff} · {shortTime(entry.createTime)}
              </span>
              <p className={styles.bubble}>{entry.message}</p>
            </div>
          );
        })}
        {entries.data && showsNoReplyYet(entries.data.rows) && (
          <p className={styles.notice} data-testid="no-reply">
            {MSG.noReplyYet}
          </p>
        )}
      </div>
      {isOpen(thread) ? (
        <div className={styles.footer}>
          <MessageBox
            placeholder={SUPPORT_TEXT.followUpPlaceholder}
            submitLabel={SUPPORT_TEXT.send}
            testId="follow-up"
            sending={followUp.isPending}
            onSend={(text, sent) => followUp.mutate(text, { onSuccess: sent })}
          />
          <Button
            block
            color="danger"
            fill="none"
            size="small"
            loading={close.isPending}
            onClick={() => void askClose()}
          >
            {SUPPORT_TEXT.closeTopic}
          </Button>
        </div>
      ) : (
        <p className={styles.closedNote} data-testid="closed-note">
          {SUPPORT_TEXT.closedNote}
        </p>
      )}
    </div>
  );
}
