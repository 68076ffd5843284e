import { LIMITS } from '@yingku/contract';
import { DotLoading } from 'antd-mobile';
import styles from './account.module.css';
import { FormField, TextInput } from './form-field';
import { ACCOUNT_TEXT } from './texts';
import type { TextFieldProps } from './use-account-form';
import type { Captcha } from './use-captcha';

/**
 * The captcha row of a form: the answer, and the image beside it that loads another when tapped.
 * Not shown at all while captchas are off (then nothing is checked or sent).
 */
export function CaptchaField({ captcha, field }: { captcha: Captcha; field: TextFieldProps }) {
  if (captcha.off) return null;
  return (
    <FormField field={field} label={ACCOUNT_TEXT.captcha} extra={<CaptchaImage captcha={captcha} />}>
      <TextInput
        field={field}
        placeholder={ACCOUNT_TEXT.captchaPlaceholder}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        maxLength={LIMITS.captchaMin * 2}
        clearable
      />
    </FormField>
  );
}

function CaptchaImage({ captcha }: { captcha: Captcha }) {
  const content = captcha.captcha ? (
    <img className={styles.captchaImage} src={captcha.captcha.img} alt={ACCOUNT_TEXT.captchaAlt} />
  ) : captcha.failed ? (
    <span className={styles.captchaText}>{ACCOUNT_TEXT.captchaRetry}</span>
  ) : (
    <DotLoading />
  );
  return (
    <button
      type="button"
      className={styles.captchaButton}
      aria-label={ACCOUNT_TEXT.captchaRefresh}
      aria-busy={captcha.loading}
      onClick={captcha.refresh}
    >
      {content}
    </button>
  );
}
