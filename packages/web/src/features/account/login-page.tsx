import { MSG } from '@yingku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Input } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { hasStoredSession, setAuthTokens } from '../../session/auth-storage';
import { currentUserOptions, loadCurrentUser } from '../../session/current-user';
import { CURRENT_USER_KEY } from '../../session/session-end';
import { readRememberedLogin, saveLoginChoice } from '../../session/remember-me';
import {
  afterLoginPath,
  checkPassword,
  checkUserName,
  type LoginValues,
  ruleOf,
  toLoginBody,
} from './account-form';
import { AccountScreen } from './account-screen';
import styles from './account.module.css';
import { CaptchaField } from './captcha-field';
import { PasswordInput } from './password-input';
import { ACCOUNT_TEXT } from './texts';
import { useCaptcha } from './use-captcha';
import { showToast } from '../../components/feedback/lazy-feedback';

// The account calls check their answers with zod: they load on the first submit, not with the
// form (decision 035).
const loadAccountApi = async () => (await import('../../api/account')).accountApi;

/**
 * What other screens hand the login page: the name just registered, to fill in (/register), and
 * where to go once logged in instead of the member center (the console's gate: /admin).
 */
export interface LoginPageState {
  userName?: string;
  returnTo?: string;
}

/** The form's first values: the remembered login (SPEC §5), or the name just registered. */
function initialValues(state: unknown): LoginValues {
  const remembered = readRememberedLogin();
  const registered = (state as LoginPageState | null)?.userName;
  if (registered && registered !== remembered?.userName) {
    return { userName: registered, password: '', rememberMe: remembered?.rememberMe ?? false };
  }
  return remembered ?? { userName: '', password: '', rememberMe: false };
}

/**
 * /login (SPEC §2, §4): user name, password, captcha, remember password, a link to register.
 * A login stores the tokens, remembers (or forgets) the form, learns who the user is and goes to
 * the member center; a failed one loads a new captcha.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { state } = useLocation();
  const [form] = Form.useForm<LoginValues>();
  const [initial] = useState(() => initialValues(state));
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha();
  useLeaveWhenLoggedIn(captcha.captcha !== undefined);

  async function login(values: LoginValues) {
    setSubmitting(true);
    try {
      const body = toLoginBody(values, captcha.captcha);
      const { data } = await (await loadAccountApi()).login(body);
      setAuthTokens(data);
      saveLoginChoice({ userName: body.userName, password: body.password, rememberMe: values.rememberMe });
      // Everything cached was loaded for a visitor (like and collect flags…): stale now.
      await queryClient.invalidateQueries({ refetchType: 'none' });
      await queryClient.fetchQuery({ ...currentUserOptions(), staleTime: 0 }).catch(() => null);
      void navigate(afterLoginPath(state), { replace: true });
    } catch {
      // The client has shown why; a captcha is good for one try (SPEC §8).
      form.setFieldValue('code', '');
      captcha.refresh();
      setSubmitting(false);
    }
  }

  return (
    <AccountScreen
      title={ACCOUNT_TEXT.loginTitle}
      heading={ACCOUNT_TEXT.loginHeading}
      intro={ACCOUNT_TEXT.loginIntro}
    >
      <Form
        form={form}
        name="login"
        className={styles.form}
        initialValues={initial}
        validateTrigger="onBlur"
        onFinish={login}
        footer={
          <>
            <Form.Item name="rememberMe" valuePropName="checked" noStyle>
              <Checkbox className={styles.remember}>{ACCOUNT_TEXT.rememberMe}</Checkbox>
            </Form.Item>
            <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting}>
              {ACCOUNT_TEXT.login}
            </Button>
            <p className={styles.switch}>
              {ACCOUNT_TEXT.noAccount}
              <Link to={PATHS.register}>{ACCOUNT_TEXT.toRegister}</Link>
            </p>
          </>
        }
      >
        <Form.Item name="userName" label={ACCOUNT_TEXT.userName} rules={[ruleOf(checkUserName)]}>
          <Input
            placeholder={ACCOUNT_TEXT.userNamePlaceholder}
            autoComplete="username"
            autoCapitalize="off"
            clearable
          />
        </Form.Item>
        <Form.Item name="password" label={ACCOUNT_TEXT.password} rules={[ruleOf(checkPassword)]}>
          <PasswordInput placeholder={ACCOUNT_TEXT.passwordPlaceholder} autoComplete="current-password" />
        </Form.Item>
        <CaptchaField captcha={captcha} />
      </Form>
    </AccountScreen>
  );
}

/**
 * SPEC §4: a user already logged in when the captcha loads is told so and goes to /user. Asks
 * quietly: stale tokens are renewed (or end) on the way, and a visitor sees no error for it.
 */
function useLeaveWhenLoggedIn(captchaLoaded: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!captchaLoaded || !hasStoredSession()) return;
    const controller = new AbortController();
    loadCurrentUser(controller.signal, true).then(
      (user) => {
        if (!user || controller.signal.aborted) return;
        queryClient.setQueryData(CURRENT_USER_KEY, user);
        showToast({ icon: 'success', content: MSG.alreadyLoggedIn });
        void navigate(PATHS.user, { replace: true });
      },
      () => {},
    );
    return () => controller.abort();
  }, [captchaLoaded, navigate, queryClient]);
}
