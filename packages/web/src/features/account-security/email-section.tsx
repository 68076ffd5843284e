import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { accountSecurityApi } from '../../api/account-security';
import { Button } from '../../components/button/button';
import { ErrorBlock } from '../../components/error-block/error-block';
import { checkEmail } from '../account/account-form';
import { TextField } from '../account/form-field';
import { PasswordField } from '../account/password-input';
import { useAccountForm } from '../account/use-account-form';
import { securityKeys, securityOverviewOptions } from './security-queries';
import { checkCurrentPassword } from './current-password';
import styles from './security.module.css';
import { SECURITY_TEXT } from './texts';

/**
 * 安全邮箱: the address and whether it is verified (only a verified one is sent reset links),
 * 重新发送验证邮件 while it is not, and 修改邮箱 with the current password (the new address is
 * sent a verification link and is unverified until it is opened).
 */
export function EmailSection() {
  const overview = useQuery(securityOverviewOptions());
  const [changing, setChanging] = useState(false);
  const resend = useMutation({
    mutationFn: () => accountSecurityApi.sendVerification(),
    onSuccess: ({ msg }) => Toast.show({ icon: 'success', content: msg }),
  });
  const security = overview.data;
  return (
    <section className={styles.card} aria-labelledby="email-heading" data-testid="safe-email">
      <h2 id="email-heading" className={styles.heading}>
        {SECURITY_TEXT.emailHeading}
      </h2>
      <p className={styles.intro}>{SECURITY_TEXT.emailIntro}</p>
      {overview.isError && (
        <ErrorBlock status="default" title={SECURITY_TEXT.securityLoadFailed} description="" />
      )}
      {security && (
        <div className={styles.emailRow}>
          <MailIcon className={styles.rowIcon} aria-hidden="true" />
          <span className={styles.address}>{security.email || SECURITY_TEXT.noEmail}</span>
          {security.email && <VerifiedMark verified={security.emailVerified} />}
        </div>
      )}
      {changing ? (
        <EmailForm onDone={() => setChanging(false)} />
      ) : (
        <div className={styles.buttonRow}>
          {security && security.email && !security.emailVerified && (
            <Button
              fill="outline"
              color="primary"
              shape="rounded"
              loading={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {SECURITY_TEXT.resendVerification}
            </Button>
          )}
          <Button fill="outline" shape="rounded" onClick={() => setChanging(true)}>
            {SECURITY_TEXT.changeEmail}
          </Button>
        </div>
      )}
    </section>
  );
}

function VerifiedMark({ verified }: { verified: boolean }) {
  return (
    <span className={verified ? styles.verified : styles.unverified} data-testid="email-state">
      {verified ? SECURITY_TEXT.verified : SECURITY_TEXT.unverified}
    </span>
  );
}

interface EmailValues {
  email: string;
  password: string;
}

function EmailForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useAccountForm<EmailValues>(
    'email',
    { email: '', password: '' },
    {
      email: checkEmail,
      password: checkCurrentPassword,
    },
  );
  // A refusal (a wrong password, the same address) is the client's toast; the form stays.
  const change = useMutation({
    mutationFn: (values: EmailValues) =>
      accountSecurityApi.changeEmail({ email: values.email.trim(), password: values.password }),
    onSuccess: async ({ msg }) => {
      Toast.show({ icon: 'success', content: msg });
      onDone();
      await queryClient.invalidateQueries({ queryKey: securityKeys.overview });
    },
  });
  return (
    <form
      name="email"
      className={styles.form}
      noValidate
      onSubmit={form.onSubmit((values) => change.mutate(values))}
    >
      <TextField
        field={form.text('email')}
        label={SECURITY_TEXT.newEmail}
        placeholder={SECURITY_TEXT.newEmailPlaceholder}
        type="email"
        autoComplete="email"
        clearable
      />
      <PasswordField
        field={form.text('password')}
        label={SECURITY_TEXT.oldPassword}
        placeholder={SECURITY_TEXT.oldPasswordPlaceholder}
        autoComplete="current-password"
      />
      <div className={styles.buttonRow}>
        <Button type="submit" color="primary" shape="rounded" loading={change.isPending}>
          {SECURITY_TEXT.saveEmail}
        </Button>
        <Button fill="none" shape="rounded" onClick={onDone}>
          {SECURITY_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
