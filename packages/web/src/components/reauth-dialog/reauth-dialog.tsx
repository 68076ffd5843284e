import type { ReauthBody } from '@yingku/contract';
import Dialog from 'antd-mobile/es/components/dialog';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../button/button';
import styles from './reauth-dialog.module.css';
import { REAUTH_TEXT } from './texts';

/** Sends the re-confirmation (POST ACCOUNT_API.reauth); rejects with the text to show. */
export type SendReauth = (body: ReauthBody) => Promise<unknown>;

/**
 * The re-confirmation prompt (decision 070): the current password, or a code of 两步验证 (or a
 * backup code). Resolves true once the server took one, false when the user cancels. A refusal
 * (a wrong password, a used code, too many tries) is said inside, and the prompt stays.
 */
export function askToReconfirm(send: SendReauth): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = Dialog.show({
      title: REAUTH_TEXT.title,
      'aria-label': REAUTH_TEXT.title,
      closeOnMaskClick: false,
      content: (
        <ReauthForm
          send={send}
          onDone={(confirmed) => {
            dialog.close();
            resolve(confirmed);
          }}
        />
      ),
    });
  });
}

type Way = 'password' | 'code';

export function ReauthForm({ send, onDone }: { send: SendReauth; onDone: (confirmed: boolean) => void }) {
  const id = useId();
  const [way, setWay] = useState<Way>('password');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);

  function choose(next: Way) {
    setWay(next);
    setValue('');
    setProblem(undefined);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = way === 'password' ? value : value.trim();
    if (typed === '') {
      setProblem(way === 'password' ? REAUTH_TEXT.passwordPlaceholder : REAUTH_TEXT.codePlaceholder);
      return;
    }
    setSending(true);
    try {
      await send(way === 'password' ? { password: typed } : { code: typed });
      onDone(true);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setSending(false);
    }
  }

  const inputId = `${id}-input`;
  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <p className={styles.intro}>{REAUTH_TEXT.intro}</p>
      <div className={styles.choice}>
        {(['password', 'code'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className={styles.choiceButton}
            aria-pressed={way === option}
            onClick={() => choose(option)}
          >
            {option === 'password' ? REAUTH_TEXT.byPassword : REAUTH_TEXT.byCode}
          </button>
        ))}
      </div>
      <div>
        <label className={styles.label} htmlFor={inputId}>
          {way === 'password' ? REAUTH_TEXT.password : REAUTH_TEXT.code}
        </label>
        <input
          key={way}
          id={inputId}
          className={styles.input}
          type={way === 'password' ? 'password' : 'text'}
          inputMode={way === 'password' ? undefined : 'text'}
          autoComplete={way === 'password' ? 'current-password' : 'one-time-code'}
          autoCapitalize="off"
          placeholder={way === 'password' ? REAUTH_TEXT.passwordPlaceholder : REAUTH_TEXT.codePlaceholder}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setValue(event.target.value)}
          // The prompt opens for this one field.
          autoFocus
        />
      </div>
      {problem && (
        <p id={`${id}-problem`} className={styles.error} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.buttons}>
        <Button fill="outline" shape="rounded" onClick={() => onDone(false)}>
          {REAUTH_TEXT.cancel}
        </Button>
        <Button type="submit" color="primary" shape="rounded" loading={sending}>
          {REAUTH_TEXT.confirm}
        </Button>
      </div>
    </form>
  );
}
