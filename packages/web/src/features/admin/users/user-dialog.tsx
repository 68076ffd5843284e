import { ROLE_LABELS, ROLES, SERVER_MSG, type StaffUserRow, STAFF_TRUST_LIMITS } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CenterPopup, Checkbox, Dialog, Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { useState } from 'react';
import { adminApi } from '../../../api/admin';
import { adminKeys } from '../admin-keys';
import { ADMIN_TEXT } from '../texts';
import {
  reasonProblem,
  toggleRole,
  type UserChangeBody,
  type UserControls,
  userChanges,
  userFormValues,
} from './user-form';
import styles from '../admin.module.css';
import { withDialogName } from '../../../components/feedback/dialog-name';

/**
 * 编辑用户: what the caller may change — the VIP end (a date and time, or cleared to end VIP)
 * with its 原因, the roles, 停用/启用 with a confirmation. Server refusals are the client's
 * toasts; the dialog stays open.
 */
export function UserDialog(props: {
  user: StaffUserRow;
  controls: UserControls;
  isSelf: boolean;
  onClose: () => void;
}) {
  const { user, controls, isSelf, onClose } = props;
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => userFormValues(user));
  const [reasonError, setReasonError] = useState<string>();
  // A refusal is shown by the client (an invalid time, 不能停用自己的账号…); the dialog stays.
  const update = useMutation({
    mutationFn: (change: { body: UserChangeBody; done: string }) =>
      adminApi.updateUser(user.userId, change.body),
    onSuccess: async (_answer, { done }) => {
      Toast.show({ icon: 'success', content: done });
      await queryClient.invalidateQueries({ queryKey: adminKeys.users });
      onClose();
    },
  });

  function save() {
    const body = userChanges(user, values, controls);
    if (!body) {
      Toast.show({ content: SERVER_MSG.nothingToChange });
      return;
    }
    const problem = reasonProblem(body);
    setReasonError(problem);
    if (problem) return;
    update.mutate({ body, done: ADMIN_TEXT.saved });
  }

  async function toggleDisabled() {
    const disabling = !user.disabled;
    const confirmed = await Dialog.confirm(
      withDialogName({
        content: disabling
          ? ADMIN_TEXT.disableConfirm(user.userName)
          : ADMIN_TEXT.enableConfirm(user.userName),
        confirmText: disabling ? ADMIN_TEXT.disable : ADMIN_TEXT.enable,
        cancelText: ADMIN_TEXT.cancel,
      }),
    );
    if (confirmed) {
      update.mutate({
        body: { disabled: disabling },
        done: disabling ? ADMIN_TEXT.disabledDone : ADMIN_TEXT.enabledDone,
      });
    }
  }

  const canSave = controls.vip || controls.roles;
  return (
    <CenterPopup visible onMaskClick={onClose} bodyClassName={styles.dialog}>
      <div className={styles.form} data-testid="user-dialog">
        <h3 className={styles.dialogTitle}>
          {ADMIN_TEXT.editUser}：{user.userName}
        </h3>
        {controls.vip && (
          <>
            <label className={styles.field}>
              <span>
                {ADMIN_TEXT.vipUntil}（{ADMIN_TEXT.vipUntilHint}）
              </span>
              <div className={styles.toolbar}>
                <input
                  className={styles.input}
                  type="datetime-local"
                  step={1}
                  value={values.vipUntil}
                  aria-label={ADMIN_TEXT.vipUntil}
                  onChange={(event) => setValues({ ...values, vipUntil: event.target.value })}
                />
                <Button size="small" onClick={() => setValues({ ...values, vipUntil: '' })}>
                  {ADMIN_TEXT.clearVip}
                </Button>
              </div>
            </label>
            <label className={styles.field}>
              <span>
                {ADMIN_TEXT.reason}（{ADMIN_TEXT.reasonHint}）
              </span>
              <input
                className={styles.input}
                name="reason"
                value={values.reason}
                maxLength={STAFF_TRUST_LIMITS.reasonMax}
                aria-label={ADMIN_TEXT.reason}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? 'user-reason-error' : undefined}
                onChange={(event) => setValues({ ...values, reason: event.target.value })}
              />
              {reasonError && (
                <span id="user-reason-error" role="alert" className={styles.fieldError}>
                  {reasonError}
                </span>
              )}
            </label>
          </>
        )}
        {controls.roles && (
          <div className={styles.field} role="group" aria-label={ADMIN_TEXT.roles}>
            <span>{ADMIN_TEXT.roles}</span>
            <div className={styles.toolbar}>
              {ROLES.map((role) => (
                <Checkbox
                  key={role}
                  checked={role === 'member' || values.roles.includes(role)}
                  // Every account is a member; an admin keeps its own admin role (the server
                  // refuses that too: nobody locks themselves out).
                  disabled={role === 'member' || (isSelf && role === 'admin' && user.roles.includes('admin'))}
                  onChange={(on) => setValues({ ...values, roles: toggleRole(values.roles, role, on) })}
                >
                  {ROLE_LABELS[role]}
                </Checkbox>
              ))}
            </div>
          </div>
        )}
        <div className={styles.actions}>
          {controls.disable && (
            <Button
              color={user.disabled ? 'success' : 'danger'}
              fill="outline"
              disabled={update.isPending}
              onClick={() => void toggleDisabled()}
            >
              {user.disabled ? ADMIN_TEXT.enable : ADMIN_TEXT.disable}
            </Button>
          )}
          <Button onClick={onClose}>{ADMIN_TEXT.cancel}</Button>
          {canSave && (
            <Button color="primary" loading={update.isPending} onClick={save}>
              {ADMIN_TEXT.save}
            </Button>
          )}
        </div>
      </div>
    </CenterPopup>
  );
}
