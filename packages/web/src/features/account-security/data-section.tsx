import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { DownloadIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountSecurityApi } from '../../api/account-security';
import { PATHS } from '../../app/paths';
import { Button } from '../../components/button/button';
import { downloadFile } from '../../components/feedback/download-file';
import { withDialogName } from '../../components/feedback/dialog-name';
import { clearAuthTokens } from '../../session/auth-storage';
import { useCurrentUser } from '../../session/current-user';
import { forgetCurrentUser } from '../../session/session-end';
import { PasswordField } from '../account/password-input';
import { useAccountForm } from '../account/use-account-form';
import { securityOverviewOptions } from './security-queries';
import { checkCurrentPassword } from './current-password';
import styles from './security.module.css';
import { SECURITY_TEXT } from './texts';

/**
 * 我的数据: 导出我的数据 (a zip, one a day: decision 068) and 注销账号 (decision 069) — what goes and
 * what stays said first, the VIP's remaining days among it, then the password confirms.
 */
export function DataSection() {
  const overview = useQuery(securityOverviewOptions());
  const [deleting, setDeleting] = useState(false);
  // A refusal (already exported today) is the client's toast.
  const exportData = useMutation({
    mutationFn: () => accountSecurityApi.exportData(),
    onSuccess: ({ blob, fileName }) => {
      downloadFile(fileName || 'yingku-export.zip', blob);
      Toast.show({ icon: 'success', content: SECURITY_TEXT.exported });
    },
  });
  const days = overview.data?.deletionDays;
  return (
    <section className={styles.card} aria-labelledby="data-heading" data-testid="my-data">
      <h2 id="data-heading" className={styles.heading}>
        {SECURITY_TEXT.dataHeading}
      </h2>
      <p className={styles.intro}>{SECURITY_TEXT.dataIntro}</p>
      <div className={styles.buttonRow}>
        <Button
          fill="outline"
          shape="rounded"
          loading={exportData.isPending}
          onClick={() => exportData.mutate()}
        >
          <DownloadIcon className={styles.buttonIcon} aria-hidden="true" />
          {SECURITY_TEXT.exportData}
        </Button>
      </div>
      <h3 className={styles.subheading}>{SECURITY_TEXT.deleteHeading}</h3>
      {days !== undefined && <p className={styles.intro}>{SECURITY_TEXT.deleteIntro(days)}</p>}
      {deleting ? (
        <DeletionForm onCancel={() => setDeleting(false)} />
      ) : (
        <div className={styles.buttonRow}>
          <Button color="danger" fill="outline" shape="rounded" onClick={() => setDeleting(true)}>
            {SECURITY_TEXT.deleteAccount}
          </Button>
        </div>
      )}
      <p className={styles.privacy}>
        <Link to={PATHS.privacy}>{SECURITY_TEXT.privacyLink}</Link>
      </p>
    </section>
  );
}

function DeletionForm({ onCancel }: { onCancel: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const vipUntil = useCurrentUser().data?.user.vipUntil;
  const vipLeft =
    vipUntil && new Date(vipUntil.replace(' ', 'T') + '+08:00') > new Date() ? vipUntil : undefined;
  const form = useAccountForm('deletion', { password: '' }, { password: checkCurrentPassword });
  // A wrong password is the client's toast; the form stays.
  const request = useMutation({
    mutationFn: (password: string) => accountSecurityApi.requestDeletion(password),
    onSuccess: async ({ msg }) => {
      // Every login of the account has ended, this one too.
      clearAuthTokens();
      forgetCurrentUser(queryClient);
      await Dialog.alert(
        withDialogName({
          title: SECURITY_TEXT.deleteNotice,
          content: msg,
          confirmText: SECURITY_TEXT.deleteNoticeOk,
        }),
      );
      void navigate(PATHS.home, { replace: true });
    },
  });
  return (
    <form
      name="deletion"
      className={styles.form}
      noValidate
      onSubmit={form.onSubmit((values) => request.mutate(values.password))}
    >
      {vipLeft && (
        <p className={styles.warning} role="alert" data-testid="vip-lost">
          <TriangleAlertIcon className={styles.warningIcon} aria-hidden="true" />
          {SECURITY_TEXT.vipLost(vipLeft)}
        </p>
      )}
      <PasswordField
        field={form.text('password')}
        label={SECURITY_TEXT.deletePassword}
        placeholder={SECURITY_TEXT.oldPasswordPlaceholder}
        autoComplete="current-password"
      />
      <div className={styles.buttonRow}>
        <Button type="submit" color="danger" shape="rounded" loading={request.isPending}>
          {SECURITY_TEXT.deleteConfirm}
        </Button>
        <Button fill="none" shape="rounded" onClick={onCancel}>
          {SECURITY_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
