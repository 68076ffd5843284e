import { useMutation } from '@tanstack/react-query';
import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountRecoveryApi } from '../../api/account-recovery';
import { PATHS } from '../../app/paths';
import { Button } from '../../components/button/button';
import { AccountScreen } from '../account/account-screen';
import styles from '../account/account.module.css';
import { CaptchaField } from '../account/captcha-field';
import { TextField } from '../account/form-field';
import { useAccountForm } from '../account/use-account-form';
import { useCaptcha } from '../account/use-captcha';
import {
  forgotChecks,
  type ForgotValues,
  recoverChecks,
  type RecoverValues,
  toForgotBody,
  toRecoverBody,
} from './recovery-form';
import { NewPasswordFields } from './new-password-fields';
import own from './recovery.module.css';
import { RECOVERY_TEXT } from './texts';
import { useLogInAgain } from './use-log-in-again';

/** `?by=code`: the recovery code's form instead of the mail's (the back button returns to it). */
const BY_CODE = 'code';

/**
 * /login/forgot, 忘记密码 (decision 066): a user name or safe e-mail gets a reset link by mail (the
 * server says the same whoever is named); without a usable address, a recovery code and a new
 * password reset it here. Each form has its own captcha while captchas are on, as /register's.
 */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const byCode = params.get('by') === BY_CODE;
  return (
    <AccountScreen
      title={RECOVERY_TEXT.forgotTitle}
      heading={byCode ? RECOVERY_TEXT.codeHeading : RECOVERY_TEXT.forgotHeading}
      intro={byCode ? RECOVERY_TEXT.codeIntro : RECOVERY_TEXT.forgotIntro}
    >
      {byCode ? <RecoveryCodeForm /> : <ResetMailForm />}
      <nav className={own.otherWays}>
        <Link to={byCode ? PATHS.forgotPassword : `?by=${BY_CODE}`}>
          {byCode ? RECOVERY_TEXT.useMail : RECOVERY_TEXT.useCode}
        </Link>
        <Link to={PATHS.login} replace>
          {RECOVERY_TEXT.backToLogin}
        </Link>
      </nav>
    </AccountScreen>
  );
}

function ResetMailForm() {
  const captcha = useCaptcha();
  const form = useAccountForm<ForgotValues>('forgot', { account: '', code: '' }, forgotChecks(captcha.off));
  const [sent, setSent] = useState<string>();
  // A refusal (a wrong captcha, too many tries) is the client's toast; a captcha is good for one try.
  const send = useMutation({
    mutationFn: (values: ForgotValues) =>
      accountRecoveryApi.forgotPassword(toForgotBody(values, captcha.captcha)),
    onSuccess: ({ msg }) => setSent(msg),
    onSettled: () => {
      form.set('code', '');
      captcha.refresh();
    },
  });

  if (sent) {
    return (
      <div className={own.notice} role="status" data-testid="reset-mail-sent">
        <MailCheckIcon className={own.noticeIcon} aria-hidden="true" />
        <p className={own.noticeText}>{sent}</p>
        <p className={own.noticeHint}>{RECOVERY_TEXT.checkMail}</p>
        <Button fill="outline" shape="rounded" onClick={() => setSent(undefined)}>
          {RECOVERY_TEXT.sendAgain}
        </Button>
      </div>
    );
  }
  return (
    <form
      name="forgot"
      className={styles.form}
      noValidate
      onSubmit={form.onSubmit((values) => send.mutate(values))}
    >
      <TextField
        field={form.text('account')}
        label={RECOVERY_TEXT.account}
        placeholder={RECOVERY_TEXT.accountPlaceholder}
        autoComplete="username"
        autoCapitalize="off"
        clearable
      />
      <CaptchaField captcha={captcha} field={form.text('code')} />
      <div className={styles.footer}>
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={send.isPending}>
          {RECOVERY_TEXT.sendLink}
        </Button>
      </div>
    </form>
  );
}

const NO_CODE: RecoverValues = {
  userName: '',
  recoveryCode: '',
  newPassword: '',
  confirmPassword: '',
  code: '',
};

function RecoveryCodeForm() {
  const captcha = useCaptcha();
  const logInAgain = useLogInAgain();
  const form = useAccountForm<RecoverValues>('recover', NO_CODE, recoverChecks(captcha.off));
  const recover = useMutation({
    mutationFn: (body: ReturnType<typeof toRecoverBody>) => accountRecoveryApi.recoverPassword(body),
    onSuccess: ({ msg }, body) => logInAgain(msg, body.userName),
    onError: () => {
      form.set('code', '');
      captcha.refresh();
    },
  });
  return (
    <form
      name="recover"
      className={styles.form}
      noValidate
      onSubmit={form.onSubmit((values) => recover.mutate(toRecoverBody(values, captcha.captcha)))}
    >
      <TextField
        field={form.text('userName')}
        label={RECOVERY_TEXT.userName}
        placeholder={RECOVERY_TEXT.userNamePlaceholder}
        autoComplete="username"
        autoCapitalize="off"
        clearable
      />
      <TextField
        field={form.text('recoveryCode')}
        label={RECOVERY_TEXT.recoveryCode}
        placeholder={RECOVERY_TEXT.recoveryCodePlaceholder}
        autoComplete="one-time-code"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        clearable
      />
      <NewPasswordFields password={form.text('newPassword')} confirm={form.text('confirmPassword')} />
      <CaptchaField captcha={captcha} field={form.text('code')} />
      <div className={styles.footer}>
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={recover.isPending}>
          {RECOVERY_TEXT.resetPassword}
        </Button>
      </div>
    </form>
  );
}
