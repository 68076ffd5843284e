import { RECOVERY_MSG } from '@yingku/contract';
import { DotLoading } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { accountRecoveryApi } from '../../api/account-recovery';
import { ApiError } from '../../api/api-error';
import { PATHS } from '../../app/paths';
import { AccountScreen } from '../account/account-screen';
import { LinkOutcome } from './link-outcome';
import { linkToken } from './recovery-form';
import own from './recovery.module.css';
import { RECOVERY_TEXT } from './texts';

type Outcome = { ok: boolean; text: string };

/**
 * /verify-email#token=…, where a mailed verification link opens: the token is sent once, as the
 * page opens (a link works once, and no login is needed: it may be opened on another device), and
 * the page says what came of it, with the ways to 账号与安全 and home.
 */
export function VerifyEmailPage() {
  const token = linkToken(useLocation().hash);
  const [outcome, setOutcome] = useState<Outcome>();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    accountRecoveryApi.verifyEmail(token).then(
      ({ msg }) => setOutcome({ ok: true, text: msg }),
      (error: unknown) =>
        setOutcome({
          ok: false,
          text: error instanceof ApiError ? error.message : RECOVERY_MSG.verifyLinkInvalid,
        }),
    );
  }, [token]);
  // A link without its token is dead before anything is sent.
  const shown = token === '' ? { ok: false, text: RECOVERY_MSG.verifyLinkInvalid } : outcome;

  return (
    <AccountScreen
      title={RECOVERY_TEXT.verifyTitle}
      heading={RECOVERY_TEXT.verifyHeading}
      intro={RECOVERY_TEXT.verifyIntro}
    >
      {shown ? (
        <LinkOutcome
          ok={shown.ok}
          text={shown.text}
          links={[
            { to: PATHS.userSecurity, label: RECOVERY_TEXT.toSecurity },
            { to: PATHS.home, label: RECOVERY_TEXT.toHome },
          ]}
        />
      ) : (
        <p className={own.pending} role="status">
          <DotLoading /> {RECOVERY_TEXT.verifying}
        </p>
      )}
    </AccountScreen>
  );
}
