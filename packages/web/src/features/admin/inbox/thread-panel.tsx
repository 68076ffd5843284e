import { ENTRY_TYPE, MESSAGE_STATUS } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Dialog, DotLoading, Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { adminApi } from '../../../api/admin';
import { MessageBox } from '../../support/message-form';
import { shownTime, threadStatusTag } from '../admin-model';
import { adminKeys } from '../admin-keys';
import { useStaffThread } from '../admin-queries';
import { Panel, StatusTag } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import styles from './inbox.module.css';
import { ErrorBlock } from '../../../components/error-block/error-block';
import { withDialogName } from '../../../components/feedback/dialog-name';

/**
 * One thread as customer service sees it: the conversation oldest first (staff replies name who
 * wrote them), a reply box (1–150 characters; empty → 请填写后提交) and 关闭话题 with a
 * confirmation while it is open. Every write asks the thread and the inbox again.
 */
export function ThreadPanel({ id, onBack }: { id: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  const conversation = useStaffThread(id);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.thread(id) }),
      queryClient.invalidateQueries({ queryKey: adminKeys.inbox }),
    ]);
  const reply = useMutation({
    mutationFn: (message: string) => adminApi.reply(id, message),
    onSuccess: async () => {
      Toast.show({ icon: 'success', content: ADMIN_TEXT.replied });
      await refresh();
    },
  });
  const close = useMutation({
    mutationFn: () => adminApi.close(id),
    onSuccess: async () => {
      Toast.show({ content: ADMIN_TEXT.closed });
      await refresh();
    },
  });
  const askClose = async () => {
    const confirmed = await Dialog.confirm(
      withDialogName({
        content: ADMIN_TEXT.closeConfirm,
        confirmText: ADMIN_TEXT.closeConfirmButton,
        cancelText: ADMIN_TEXT.cancel,
      }),
    );
    if (confirmed) close.mutate();
  };

  const back = (
    <Button size="mini" fill="none" className={styles.back} onClick={onBack}>
      {ADMIN_TEXT.backToList}
    </Button>
  );
  if (conversation.isPending) {
    return (
      <Panel title={ADMIN_TEXT.colQuestion} extra={back}>
        <DotLoading />
      </Panel>
    );
  }
  if (conversation.isError) {
    return (
      <Panel title={ADMIN_TEXT.colQuestion} extra={back}>
        <ErrorBlock status="default" title={ADMIN_TEXT.threadFailed} description="">
          <Button size="small" onClick={() => void conversation.refetch()}>
            {ADMIN_TEXT.retry}
          </Button>
        </ErrorBlock>
      </Panel>
    );
  }
  const { thread, entries } = conversation.data.data;
  const open = thread.status !== MESSAGE_STATUS.closed;
  return (
    <Panel
      title={thread.userName}
      testId="staff-conversation"
      extra={
        <div className={styles.threadHead}>
          <StatusTag view={threadStatusTag(thread.status)} />
          {back}
        </div>
      }
    >
      <div className={styles.entries}>
        {entries.map((entry, index) => {
          const staff = entry.type === ENTRY_TYPE.staff;
          return (
            <div
              key={index}
              className={staff ? styles.staffEntry : styles.userEntry}
              data-entry={staff ? 'staff' : 'user'}
            >
              <span className={styles.who}>
                {staff
                  ? `${ADMIN_TEXT.staffSide}${entry.authorName ? ` ${entry.authorName}` : ''}`
                  : thread.userName}{' '}
                · {shownTime(entry.createTime)}
              </span>
              <p className={styles.bubble}>{entry.message}</p>
            </div>
          );
        })}
      </div>
      {open ? (
        <div className={styles.footer}>
          <MessageBox
            placeholder={ADMIN_TEXT.replyPlaceholder}
            submitLabel={ADMIN_TEXT.reply}
            testId="staff-reply"
            sending={reply.isPending}
            onSend={(text, sent) => reply.mutate(text, { onSuccess: sent })}
          />
          <Button
            color="danger"
            fill="outline"
            size="small"
            loading={close.isPending}
            onClick={() => void askClose()}
          >
            {ADMIN_TEXT.closeTopic}
          </Button>
        </div>
      ) : (
        <p className={styles.closedNote} data-testid="closed-note">
          {ADMIN_TEXT.closedNote}
        </p>
      )}
    </Panel>
  );
}
