import { MSG } from '@yingku/contract';
import { Checkbox } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { registerChecks, type RegisterValues, toRegisterBody } from './account-form';
import { AccountScreen } from './account-screen';
import styles from './account.module.css';
import { CaptchaField } from './captcha-field';
import { TextField } from './form-field';
import type { LoginPageState } from './login-page';
import { PasswordField } from './password-input';
import { ACCOUNT_TEXT } from './texts';
import { useAccountForm } from './use-account-form';
import { useCaptcha } from './use-captcha';
import { showToast } from '../../components/feedback/lazy-feedback';

// The account calls check their answers with zod: they load on the first submit, not with the
// form (decision 035).
const loadAccountApi = async () => (await import('../../api/account')).accountApi;

const EMPTY: RegisterValues = { userName: '', password: '', confirmPassword: '', email: '', code: '' };

/**
 * /register (docs/product.md §2, §4): user name, password and its repeat, a safe e-mail, the captcha,
 * and the box agreeing to 用户协议与隐私政策 (decision 069), without which nothing is sent. Every
 * docs/product.md §5 rule is checked before anything is sent (mismatched passwords are never submitted).
 * Success says 恭喜您,注册成功! and goes to /login with the new name filled in; a refusal (the
 * client shows the server's reason) loads a new captcha.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  // A flag of its own, as /login's (login-page.tsx says why): the two forms work alike.
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha();
  const form = useAccountForm('register', EMPTY, registerChecks(captcha.off));
  const [consent, setConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);

  async function register(values: RegisterValues) {
    if (!consent) {
      setConsentMissing(true);
      return;
    }
    setSubmitting(true);
    try {
      const body = toRegisterBody(values, captcha.captcha);
      await (await loadAccountApi()).register(body);
      showToast({ icon: 'success', content: MSG.registerSuccess });
      void navigate(PATHS.login, {
        replace: true,
        state: { userName: body.userName } satisfies LoginPageState,
      });
    } catch {
      form.set('code', '');
      captcha.refresh();
      setSubmitting(false);
    }
  }

  return (
    <AccountScreen
      title={ACCOUNT_TEXT.registerTitle}
      heading={ACCOUNT_TEXT.registerHeading}
      intro={ACCOUNT_TEXT.registerIntro}
    >
      <form
        name="register"
        className={styles.form}
        noValidate
        onSubmit={form.onSubmit((values) => void register(values))}
      >
        <TextField
          field={form.text('userName')}
          label={ACCOUNT_TEXT.userName}
          placeholder={ACCOUNT_TEXT.newUserNamePlaceholder}
          autoComplete="username"
          autoCapitalize="off"
          clearable
        />
        <PasswordField
          field={form.text('password')}
          label={ACCOUNT_TEXT.password}
          placeholder={ACCOUNT_TEXT.newPasswordPlaceholder}
          autoComplete="new-password"
        />
        <PasswordField
          field={form.text('confirmPassword')}
          label={ACCOUNT_TEXT.confirmPassword}
          placeholder={ACCOUNT_TEXT.confirmPasswordPlaceholder}
          autoComplete="new-password"
        />
        <TextField
          field={form.text('email')}
          label={ACCOUNT_TEXT.email}
          placeholder={ACCOUNT_TEXT.emailPlaceholder}
          type="email"
          autoComplete="email"
          clearable
        />
        <CaptchaField captcha={captcha} field={form.text('code')} />
        <div className={styles.footer}>
          <div className={styles.consent}>
            <Checkbox
              className={styles.remember}
              checked={consent}
              onChange={(checked) => {
                setConsent(checked);
                if (checked) setConsentMissing(false);
              }}
            >
              {ACCOUNT_TEXT.consentBefore}
            </Checkbox>
            <Link to={PATHS.privacy} className={styles.consentLink}>
              {ACCOUNT_TEXT.consentLink}
            </Link>
          </div>
          {consentMissing && (
            <p className={styles.consentMissing} role="alert">
              {ACCOUNT_TEXT.consentRequired}
            </p>
          )}
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting}>
            {ACCOUNT_TEXT.register}
          </Button>
          <p className={styles.switch}>
            {ACCOUNT_TEXT.haveAccount}
            <Link to={PATHS.login} replace>
              {ACCOUNT_TEXT.toLogin}
            </Link>
          </p>
        </div>
      </form>
    </AccountScreen>
  );
}
