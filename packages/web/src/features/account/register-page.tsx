import { MSG } from '@yingku/contract';
import { Form, Input } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import {
  checkConfirmPassword,
  checkEmail,
  checkPassword,
  checkUserName,
  type RegisterValues,
  ruleOf,
  toRegisterBody,
} from './account-form';
import { AccountScreen } from './account-screen';
import styles from './account.module.css';
import { CaptchaField } from './captcha-field';
import type { LoginPageState } from './login-page';
import { PasswordInput } from './password-input';
import { ACCOUNT_TEXT } from './texts';
import { useCaptcha } from './use-captcha';
import { showToast } from '../../components/feedback/lazy-feedback';

// The account calls check their answers with zod: they load on the first submit, not with the
// form (decision 035).
const loadAccountApi = async () => (await import('../../api/account')).accountApi;

/**
 * /register (SPEC §2, §4): user name, password and its repeat, a safe e-mail, the captcha. Every
 * SPEC §5 rule is checked before anything is sent (mismatched passwords are never submitted).
 * Success says 恭喜您,注册成功! and goes to /login with the new name filled in; a refusal (the
 * client shows the server's reason) loads a new captcha.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha();

  async function register(values: RegisterValues) {
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
      form.setFieldValue('code', '');
      captcha.refresh();
      setSubmitting(false);
    }
  }

  const confirmRule = ruleOf((confirm) => checkConfirmPassword(form.getFieldValue('password'), confirm));
  return (
    <AccountScreen
      title={ACCOUNT_TEXT.registerTitle}
      heading={ACCOUNT_TEXT.registerHeading}
      intro={ACCOUNT_TEXT.registerIntro}
    >
      <Form
        form={form}
        name="register"
        className={styles.form}
        validateTrigger="onBlur"
        onFinish={register}
        footer={
          <>
            <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting}>
              {ACCOUNT_TEXT.register}
            </Button>
            <p className={styles.switch}>
              {ACCOUNT_TEXT.haveAccount}
              <Link to={PATHS.login} replace>
                {ACCOUNT_TEXT.toLogin}
              </Link>
            </p>
          </>
        }
      >
        <Form.Item name="userName" label={ACCOUNT_TEXT.userName} rules={[ruleOf(checkUserName)]}>
          <Input
            placeholder={ACCOUNT_TEXT.newUserNamePlaceholder}
            autoComplete="username"
            autoCapitalize="off"
            clearable
          />
        </Form.Item>
        <Form.Item name="password" label={ACCOUNT_TEXT.password} rules={[ruleOf(checkPassword)]}>
          <PasswordInput placeholder={ACCOUNT_TEXT.newPasswordPlaceholder} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={ACCOUNT_TEXT.confirmPassword}
          dependencies={['password']}
          rules={[confirmRule]}
        >
          <PasswordInput placeholder={ACCOUNT_TEXT.confirmPasswordPlaceholder} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="email" label={ACCOUNT_TEXT.email} rules={[ruleOf(checkEmail)]}>
          <Input placeholder={ACCOUNT_TEXT.emailPlaceholder} type="email" autoComplete="email" clearable />
        </Form.Item>
        <CaptchaField captcha={captcha} />
      </Form>
    </AccountScreen>
  );
}
