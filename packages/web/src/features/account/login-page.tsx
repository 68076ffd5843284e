import { type LoginTokens, MSG } from '@yingku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { hasStoredSession, setAuthTokens } from '../../session/auth-storage';
import { currentUserOptions, loadCurrentUser } from '../../session/current-user';
import { sessionKeys } from '../../session/session-end';
import { readRememberedLogin, saveLoginChoice } from '../../session/remember-me';
import { afterLoginPath, loginChecks, type LoginValues, toLoginBody } from './account-form';
import { AccountScreen } from './account-screen';
import styles from './account.module.css';
import { CaptchaField } from './captcha-field';
import { TextField } from './form-field';
import { PasswordField } from './password-input';
import { ACCOUNT_TEXT } from './texts';
import { useAccountForm } from './use-account-form';
import { useCaptcha } from './use-captcha';
import { showToast } from '../../components/feedback/lazy-feedback';

// The account calls check their answers with zod: they load on the first submit, not with the
// form (decision 035).
const loadAccountApi = async () => (await import('../../api/account')).accountApi;

/** 两步验证's step (decision 070), loaded only when a login asks for it. */
const SecondFactorStep = lazy(async () => ({
  default: (await import('./second-factor-step')).SecondFactorStep,
}));

/**
 * What other screens hand the login page: the name just registered, to fill in (/register), and
 * where to go once logged in instead of the member center (the console's gate: /admin).
 */
export interface LoginPageState {
  userName?: string;
  returnTo?: string;
}

/** The form's first values: the remembered login (docs/product.md §5), or the name just registered. */
function initialValues(state: unknown): LoginValues {
  const remembered = readRememberedLogin();
  const registered = (state as LoginPageState | null)?.userName;
  if (registered && registered !== remembered?.userName) {
    return { userName: registered, password: '', code: '', rememberMe: remembered?.rememberMe ?? false };
  }
  return { userName: '', password: '', rememberMe: false, ...remembered, code: '' };
}

/**
 * /login (docs/product.md §2, §4): user name, password, captcha, remember password, 忘记密码, a link
 * to register.
 * A login stores the tokens, remembers (or forgets) the form, learns who the user is and goes to
 * the member center; a failed one loads a new captcha.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { state } = useLocation();
  // A flag of its own, not useMutation: /login is a first screen within a kilobyte of its budget,
  // and useMutation's observer (≈ 0.9 KiB gzip) would be its own copy there. It stays set through
  // the navigation away, as a pending mutation would.
  const [submitting, setSubmitting] = useState(false);
  // The ticket of the login's second step, once the password was right and a code is needed.
  const [ticket, setTicket] = useState<string>();
  const captcha = useCaptcha();
  const form = useAccountForm('login', () => initialValues(state), loginChecks(captcha.off));
  useLeaveWhenLoggedIn(captcha.captcha !== undefined);

  async function login(values: LoginValues) {
    setSubmitting(true);
    try {
      const body = toLoginBody(values, captcha.captcha);
      const { data, msg } = await (await loadAccountApi()).login(body);
      saveLoginChoice({ userName: body.userName, password: body.password, rememberMe: values.rememberMe });
      if ('ticket' in data) {
        setTicket(data.ticket);
        setSubmitting(false);
      } else await loggedIn(data, msg);
    } catch {
      // The client has shown why; a captcha is good for one try (docs/product.md §8).
      form.set('code', '');
      captcha.refresh();
      setSubmitting(false);
    }
  }

  async function loggedIn(tokens: LoginTokens, msg: string) {
    setAuthTokens(tokens);
    // Everything cached was loaded for a visitor (like and collect flags…): stale now.
    await queryClient.invalidateQueries({ refetchType: 'none' });
    await queryClient.fetchQuery({ ...currentUserOptions(), staleTime: 0 }).catch(() => null);
    void navigate(afterLoginPath(state), { replace: true });
    // A login in 注销账号's cooling-off period has undone it (decision 069): say so.
    if (tokens.deletionCancelled) showToast({ icon: 'success', content: msg });
  }

  return (
    <AccountScreen
      title={ACCOUNT_TEXT.loginTitle}
      heading={ACCOUNT_TEXT.loginHeading}
      intro={ACCOUNT_TEXT.loginIntro}
    >
      {ticket ? (
        <Suspense>
          <SecondFactorStep
            ticket={ticket}
            onDone={loggedIn}
            onRestart={() => {
              setTicket(undefined);
              form.set('code', '');
              captcha.refresh();
            }}
          />
        </Suspense>
      ) : (
        <form
          name="login"
          className={styles.form}
          noValidate
          onSubmit={form.onSubmit((values) => void login(values))}
        >
          <TextField
            field={form.text('userName')}
            label={ACCOUNT_TEXT.userName}
            placeholder={ACCOUNT_TEXT.userNamePlaceholder}
            autoComplete="username"
            autoCapitalize="off"
            clearable
          />
          <PasswordField
            field={form.text('password')}
            label={ACCOUNT_TEXT.password}
            placeholder={ACCOUNT_TEXT.passwordPlaceholder}
            autoComplete="current-password"
          />
          <CaptchaField captcha={captcha} field={form.text('code')} />
          <div className={styles.footer}>
            <div className={styles.options}>
              <Checkbox
                className={styles.remember}
                checked={form.values.rememberMe}
                onChange={(checked) => form.set('rememberMe', checked)}
              >
                {ACCOUNT_TEXT.rememberMe}
              </Checkbox>
              <Link to={PATHS.forgotPassword} className={styles.forgot}>
                {ACCOUNT_TEXT.forgotPassword}
              </Link>
            </div>
            <Button block type="submit" color="primary" size="large" shape="rounded" loading={submitting}>
              {ACCOUNT_TEXT.login}
            </Button>
            <p className={styles.switch}>
              {ACCOUNT_TEXT.noAccount}
              <Link to={PATHS.register}>{ACCOUNT_TEXT.toRegister}</Link>
            </p>
          </div>
        </form>
      )}
    </AccountScreen>
  );
}

/**
 * docs/product.md §4: a user already logged in when the captcha loads is told so and goes to /user. Asks
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
        queryClient.setQueryData(sessionKeys.currentUser, user);
        showToast({ icon: 'success', content: MSG.alreadyLoggedIn });
        void navigate(PATHS.user, { replace: true });
      },
      () => {},
    );
    return () => controller.abort();
  }, [captchaLoaded, navigate, queryClient]);
}
