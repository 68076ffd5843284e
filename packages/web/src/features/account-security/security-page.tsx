import type { LoginSessionRow } from '@yingku/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, Toast } from 'antd-mobile';
import { LaptopIcon, SmartphoneIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { accountSecurityApi } from '../../api/account-security';
import { PATHS } from '../../app/paths';
import { BackBar } from '../../components/back-bar/back-bar';
import { Button } from '../../components/button/button';
import { withDialogName } from '../../components/feedback/dialog-name';
import { ErrorBlock } from '../../components/error-block/error-block';
import { clearAuthTokens, hasStoredSession } from '../../session/auth-storage';
import { forgetCurrentUser } from '../../session/session-end';
import { checkConfirmPassword, checkPassword } from '../account/account-form';
import { PasswordField } from '../account/password-input';
import { useAccountForm } from '../account/use-account-form';
import { LoginPrompt } from '../member/login-prompt';
import { useGoBack } from '../work-detail/use-go-back';
import { DataSection } from './data-section';
import { EmailSection } from './email-section';
import { RecoveryCodesSection } from './recovery-codes-section';
import { securityKeys } from './security-queries';
import { TwoFactorSection } from './two-factor-section';
import styles from './security.module.css';
import { SECURITY_TEXT } from './texts';

const SESSIONS_KEY = securityKeys.sessions;

/**
 * /user/security, 账号与安全: change the password (every other login ends), 两步验证, the safe e-mail and
 * the recovery codes that get the account back (decision 066), the account's logins: end any of
 * them, or all (this one too, back to /login).
 */
export function SecurityPage() {
  const goBack = useGoBack();
  return (
    <div className={styles.page}>
      <BackBar className={styles.navBar} onBack={goBack}>
        {SECURITY_TEXT.title}
      </BackBar>
      <div className={styles.body}>
        {hasStoredSession() ? (
          <>
            <PasswordSection />
            <TwoFactorSection />
            <EmailSection />
            <RecoveryCodesSection />
            <SessionsSection />
            <DataSection />
          </>
        ) : (
          <LoginPrompt text={SECURITY_TEXT.loginFirst} />
        )}
      </div>
    </div>
  );
}

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

function PasswordSection() {
  const queryClient = useQueryClient();
  const form = useAccountForm<PasswordValues>('password', EMPTY, {
    oldPassword: (value) => (value === '' ? SECURITY_TEXT.oldPasswordPlaceholder : undefined),
    newPassword: checkPassword,
    confirmPassword: (confirm, values) => checkConfirmPassword(values.newPassword, confirm),
  });
  // A refusal (a wrong current password…) is the client's toast; the form keeps what was typed.
  const change = useMutation({
    mutationFn: (values: PasswordValues) => accountSecurityApi.changePassword(values),
    onSuccess: async ({ data }) => {
      Toast.show({ icon: 'success', content: SECURITY_TEXT.passwordChanged(data.endedSessions) });
      form.reset();
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
  return (
    <section className={styles.card} aria-labelledby="password-heading">
      <h2 id="password-heading" className={styles.heading}>
        {SECURITY_TEXT.passwordHeading}
      </h2>
      <form
        name="password"
        className={styles.form}
        noValidate
        onSubmit={form.onSubmit((values) => change.mutate(values))}
      >
        <PasswordField
          field={form.text('oldPassword')}
          label={SECURITY_TEXT.oldPassword}
          placeholder={SECURITY_TEXT.oldPasswordPlaceholder}
          autoComplete="current-password"
        />
        <PasswordField
          field={form.text('newPassword')}
          label={SECURITY_TEXT.newPassword}
          placeholder={SECURITY_TEXT.newPasswordPlaceholder}
          autoComplete="new-password"
        />
        <PasswordField
          field={form.text('confirmPassword')}
          label={SECURITY_TEXT.confirmPassword}
          placeholder={SECURITY_TEXT.confirmPasswordPlaceholder}
          autoComplete="new-password"
        />
        <div className={styles.actions}>
          <Button block type="submit" color="primary" shape="rounded" loading={change.isPending}>
            {SECURITY_TEXT.changePassword}
          </Button>
        </div>
      </form>
    </section>
  );
}

function SessionsSection() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async ({ signal }) => (await accountSecurityApi.sessions(signal)).data,
  });

  const endOne = (row: LoginSessionRow) =>
    void Dialog.confirm(
      withDialogName({
        content: SECURITY_TEXT.endSessionConfirm(row.device || SECURITY_TEXT.unknownDevice),
        confirmText: SECURITY_TEXT.endSession,
        cancelText: SECURITY_TEXT.cancel,
        onConfirm: async () => {
          try {
            await accountSecurityApi.endSession(row.sessionId);
            Toast.show({ content: SECURITY_TEXT.sessionEnded });
          } finally {
            // Ended, or already over elsewhere (the client has said so): the list as it is now.
            await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
          }
        },
      }),
    );

  const endAll = () =>
    void Dialog.confirm(
      withDialogName({
        content: SECURITY_TEXT.endAllConfirm,
        confirmText: SECURITY_TEXT.endAll,
        cancelText: SECURITY_TEXT.cancel,
        onConfirm: async () => {
          await accountSecurityApi.endAllSessions();
          // This login ended with the others: forget it here too, and log in again.
          clearAuthTokens();
          forgetCurrentUser(queryClient);
          Toast.show({ content: SECURITY_TEXT.allEnded });
          void navigate(PATHS.login, { replace: true });
        },
      }),
    );

  return (
    <section className={styles.card} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className={styles.heading}>
        {SECURITY_TEXT.sessionsHeading}
      </h2>
      <p className={styles.intro}>{SECURITY_TEXT.sessionsIntro}</p>
      {list.isError && <ErrorBlock status="default" title={SECURITY_TEXT.loadFailed} description="" />}
      <ul className={styles.sessions} data-testid="login-sessions">
        {(list.data ?? []).map((row) => (
          <li key={row.sessionId} className={styles.session} data-current={row.current || undefined}>
            <span className={styles.deviceIcon} aria-hidden="true">
              {/mobile|iphone|android|ipad/i.test(row.device) ? <SmartphoneIcon /> : <LaptopIcon />}
            </span>
            <div className={styles.sessionMain}>
              <div className={styles.device}>
                {row.device || SECURITY_TEXT.unknownDevice}
                {row.current && <span className={styles.thisDevice}>{SECURITY_TEXT.thisDevice}</span>}
              </div>
              <div className={styles.meta}>
                {row.address && <span>{row.address}</span>}
                <span>
                  {SECURITY_TEXT.firstSeen} {row.firstSeen}
                </span>
                <span>
                  {SECURITY_TEXT.lastSeen} {row.lastSeen}
                </span>
              </div>
            </div>
            {!row.current && (
              <Button size="mini" fill="outline" onClick={() => endOne(row)}>
                {SECURITY_TEXT.endSession}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Button block color="danger" fill="outline" shape="rounded" onClick={endAll}>
          {SECURITY_TEXT.endAll}
        </Button>
      </div>
    </section>
  );
}
