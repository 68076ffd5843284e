import { type LoginTokens, TWO_FACTOR_MSG } from '@yingku/contract';
import { useState } from 'react';
import { ApiError } from '../../api/api-error';
import { twoFactorApi } from '../../api/two-factor';
import { Button } from '../../components/button/button';
import styles from './account.module.css';
import stepStyles from './second-factor-step.module.css';
import { TextField } from './form-field';
import { SECOND_FACTOR_TEXT } from './second-factor-texts';
import { useAccountForm } from './use-account-form';

/** Six digits, spaces allowed between them (apps show `123 456`). */
export const checkTotpCode = (value: string): string | undefined =>
  /^\d{6}$/.test(value.replace(/\s/g, '')) ? undefined : SECOND_FACTOR_TEXT.codeInvalid;

const checkBackupCode = (value: string): string | undefined =>
  value.trim() === '' ? SECOND_FACTOR_TEXT.backupRequired : undefined;

/**
 * /login's second step when the account has 两步验证 on (decision 070): the code of the
 * authenticator app, or 使用备用码. The password's ticket lasts a few minutes and works once; when
 * the server says it is over, back to the password.
 */
export function SecondFactorStep({
  ticket,
  onDone,
  onRestart,
}: {
  ticket: string;
  onDone: (tokens: LoginTokens, msg: string) => Promise<void>;
  onRestart: () => void;
}) {
  const [backup, setBackup] = useState(false);
  const [sending, setSending] = useState(false);
  const form = useAccountForm(
    'second-factor',
    { code: '' },
    { code: (value) => (backup ? checkBackupCode(value) : checkTotpCode(value)) },
  );

  async function verify(code: string) {
    setSending(true);
    try {
      const { data, msg } = await twoFactorApi.finishLogin({ ticket, code: code.trim() });
      await onDone(data, msg);
    } catch (error) {
      // The client has shown why; a ticket that is over needs the password again.
      setSending(false);
      if (error instanceof ApiError && error.message === TWO_FACTOR_MSG.ticketInvalid) onRestart();
      else form.set('code', '');
    }
  }

  return (
    <form
      name="second-factor"
      className={styles.form}
      noValidate
      onSubmit={form.onSubmit((values) => void verify(values.code))}
      data-testid="second-factor"
    >
      <h2 className={stepStyles.stepHeading}>{SECOND_FACTOR_TEXT.heading}</h2>
      <p className={stepStyles.stepIntro}>
        {backup ? SECOND_FACTOR_TEXT.backupIntro : SECOND_FACTOR_TEXT.intro}
      </p>
      <TextField
        key={backup ? 'backup' : 'app'}
        field={form.text('code')}
        label={backup ? SECOND_FACTOR_TEXT.backupCode : SECOND_FACTOR_TEXT.code}
        placeholder={backup ? SECOND_FACTOR_TEXT.backupPlaceholder : SECOND_FACTOR_TEXT.codePlaceholder}
        inputMode={backup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        maxLength={backup ? 32 : 7}
        // The step opens for this one field.
        autoFocus
      />
      <div className={styles.footer}>
        <div className={styles.options}>
          <button
            type="button"
            className={stepStyles.linkButton}
            // Keeps the focus in the empty field: its blur would say 请输入… and move this button.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setBackup((was) => !was);
              form.reset({ code: '' });
            }}
          >
            {backup ? SECOND_FACTOR_TEXT.useApp : SECOND_FACTOR_TEXT.useBackup}
          </button>
          <button
            type="button"
            className={stepStyles.linkButton}
            onMouseDown={(event) => event.preventDefault()}
            onClick={onRestart}
          >
            {SECOND_FACTOR_TEXT.restart}
          </button>
        </div>
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={sending}>
          {SECOND_FACTOR_TEXT.verify}
        </Button>
      </div>
    </form>
  );
}
