import {
  type Permission,
  reasonField,
  STAFF_MSG,
  STAFF_PAGE_SIZE,
  STAFF_TRUST_LIMITS,
  type StaffUserRow,
} from '@yingku/contract';
import { Dialog, Tag, Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { useState } from 'react';
import { adminApi } from '../../../api/admin';
import { withDialogName } from '../../../components/feedback/dialog-name';
import { roleNames, shownTime } from '../admin-model';
import { useStaffUsers } from '../admin-queries';
import { Pager, Panel, QueryState, SearchBox, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { UserDialog } from './user-dialog';
import { canEditUser, userControls } from './user-form';
import styles from '../admin.module.css';

/**
 * 用户: find a user (name prefix, id or e-mail), see level, VIP end, roles and whether the account
 * is disabled; 编辑 opens the dialog that changes them; 发送重置链接 mails the member a reset link.
 * Each control is there only for a caller whose permissions allow it (user-form.ts).
 */
export function UsersSection(props: { permissions: readonly Permission[]; selfId: string }) {
  const { permissions, selfId } = props;
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<StaffUserRow>();
  const users = useStaffUsers({ keyword: keyword || undefined, pageNum: page });

  return (
    <Panel
      title={ADMIN_TEXT.users}
      testId="users"
      extra={
        <SearchBox
          placeholder={ADMIN_TEXT.userSearch}
          onSearch={(text) => {
            setKeyword(text);
            setPage(1);
          }}
        />
      }
    >
      <QueryState status={users.status} data={users.data} onRetry={users.refetch}>
        {(data) => (
          <>
            <Table testId="users-table">
              <thead>
                <tr>
                  <th>{ADMIN_TEXT.colUserName}</th>
                  <th>{ADMIN_TEXT.colEmail}</th>
                  <th>{ADMIN_TEXT.colLevel}</th>
                  <th>{ADMIN_TEXT.colVipUntil}</th>
                  <th>{ADMIN_TEXT.colRoles}</th>
                  <th>{ADMIN_TEXT.colDisabled}</th>
                  <th>{ADMIN_TEXT.colCreated}</th>
                  <th>{ADMIN_TEXT.colLastLogin}</th>
                  <th>{ADMIN_TEXT.colActions}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((user) => {
                  const controls = userControls(permissions, user, selfId);
                  return (
                    <tr key={user.userId} data-user={user.userName}>
                      <td>
                        {user.userName}
                        <div className={`${styles.weak} ${styles.mono}`}>{user.userId}</div>
                      </td>
                      <td>{user.email}</td>
                      <td>{user.groupName}</td>
                      <td>{shownTime(user.vipUntil)}</td>
                      <td data-testid="user-roles">{roleNames(user.roles)}</td>
                      <td>
                        {user.disabled ? (
                          <Tag color="danger" fill="outline">
                            {ADMIN_TEXT.disabledTag}
                          </Tag>
                        ) : (
                          ADMIN_TEXT.no
                        )}
                      </td>
                      <td>{shownTime(user.createTime)}</td>
                      <td>{shownTime(user.lastLoginTime)}</td>
                      <td>
                        <div className={styles.toolbar}>
                          {canEditUser(controls) && (
                            <Button
                              size="mini"
                              color="primary"
                              fill="outline"
                              onClick={() => setEditing(user)}
                            >
                              {ADMIN_TEXT.edit}
                            </Button>
                          )}
                          {controls.resetLink && (
                            <Button size="mini" fill="outline" onClick={() => void sendResetLink(user)}>
                              {ADMIN_TEXT.sendResetLink}
                            </Button>
                          )}
                          {controls.twoFactorReset && (
                            <Button size="mini" fill="outline" onClick={() => void resetTwoFactor(user)}>
                              {ADMIN_TEXT.resetTwoFactor}
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
            <Pager page={page} total={data.total} pageSize={STAFF_PAGE_SIZE.staffUsers} onChange={setPage} />
          </>
        )}
      </QueryState>
      {editing && (
        <UserDialog
          key={editing.userId}
          user={editing}
          controls={userControls(permissions, editing, selfId)}
          isSelf={editing.userId === selfId}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Panel>
  );
}

/**
 * 发送重置链接, after a confirmation: the server's answer is the toast; a refusal (no verified
 * address, too many mails) is the client's.
 */
async function sendResetLink(user: StaffUserRow) {
  const confirmed = await Dialog.confirm(
    withDialogName({
      content: ADMIN_TEXT.sendResetLinkConfirm(user.userName),
      confirmText: ADMIN_TEXT.sendResetLink,
      cancelText: ADMIN_TEXT.cancel,
    }),
  );
  if (!confirmed) return;
  const sent = await adminApi.sendResetLink(user.userId).catch(() => undefined);
  if (sent) Toast.show({ icon: 'success', content: sent.msg });
}

/**
 * 重置两步验证, after a confirmation that asks why: the reason is checked as the server checks it
 * (reasonField); the server's answer is the toast, a refusal the client's.
 */
async function resetTwoFactor(user: StaffUserRow) {
  let reason = '';
  const confirmed = await Dialog.confirm(
    withDialogName({
      content: (
        <label className={styles.field}>
          <span>{ADMIN_TEXT.resetTwoFactorConfirm(user.userName)}</span>
          <input
            name="reason"
            className={styles.input}
            aria-label={ADMIN_TEXT.reason}
            maxLength={STAFF_TRUST_LIMITS.reasonMax}
            onChange={(event) => (reason = event.target.value)}
          />
        </label>
      ),
      confirmText: ADMIN_TEXT.resetTwoFactor,
      cancelText: ADMIN_TEXT.cancel,
    }),
  );
  if (!confirmed) return;
  const checked = reasonField.safeParse(reason);
  if (!checked.success) {
    Toast.show({ icon: 'fail', content: STAFF_MSG.reasonRequired });
    return;
  }
  const done = await adminApi.resetTwoFactor(user.userId, checked.data).catch(() => undefined);
  if (done) Toast.show({ icon: 'success', content: done.msg });
}
