import { RECOVERY_MSG } from '@yingku/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { accountRecoveryApi } from '../../api/account-recovery';
import { ApiError } from '../../api/api-error';
import { showApiError } from '../../api/client';
import { PATHS } from '../../app/paths';
import { Button } from '../../components/button/button';
import { AccountScreen } from '../account/account-screen';
import styles from '../account/account.module.css';
import { useAccountForm } from '../account/use-account-form';
import { linkToken, type NewPasswordValues, resetChecks, toResetBody } from './recovery-form';
import { LinkOutcome } from './link-outcome';
import { NewPasswordFields } from './new-password-fields';
import { RECOVERY_TEXT } from './texts';
import { useLogInAgain } from './use-log-in-again';

const EMPTY: NewPasswordValues = { newPassword: '', confirmPassword: '' };

/**
 * /reset-password#token=…, where a mailed reset link opens: the new password twice, checked as
 * register's. A reset that took ends every login of the account and goes to /login; a dead link
 * (spent, expired, mistyped) says so, with the way to ask for another.
 */
export function ResetPasswordPage() {
  const token = linkToken(useLocation().hash);
  const logInAgain = useLogInAgain();
  const form = useAccountForm('reset', EMPTY, resetChecks());
  const [deadLink, setDeadLink] = useState(token === '' ? RECOVERY_MSG.resetLinkInvalid : undefined);
  const reset = useMutation({
    mutationFn: (values: NewPasswordValues) => accountRecoveryApi.resetPassword(toResetBody(token, values)),
    onSuccess: ({ msg }) => logInAgain(msg),
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      // The link's own refusal is the page's; any other (a weak password) the usual toast.
      if (error.message === RECOVERY_MSG.resetLinkInvalid) setDeadLink(error.message);
      else showApiError(error);
    },
  });

  return (
    <AccountScreen
      title={RECOVERY_TEXT.resetTitle}
      heading={RECOVERY_TEXT.resetHeading}
      intro={RECOVERY_TEXT.resetIntro}
    >
      {deadLink ? (
        <LinkOutcome
          ok={false}
          text={deadLink}
          links={[{ to: PATHS.forgotPassword, label: RECOVERY_TEXT.requestAgain }]}
        />
      ) : (
        <form
          name="reset"
          className={styles.form}
          noValidate
          onSubmit={form.onSubmit((values) => reset.mutate(values))}
        >
          <NewPasswordFields password={form.text('newPassword')} confirm={form.text('confirmPassword')} />
          <div className={styles.footer}>
            <Button
              block
              type="submit"
              color="primary"
              size="large"
              shape="rounded"
              loading={reset.isPending}
            >
              {RECOVERY_TEXT.resetPassword}
            </Button>
          </div>
        </form>
      )}
    </AccountScreen>
  );
}
