import { LIMITS } from '@yingku/contract';
import { DotLoading, Form, Input } from 'antd-mobile';
import { checkCaptcha, ruleOf } from './account-form';
import styles from './account.module.css';
import { ACCOUNT_TEXT } from './texts';
import type { Captcha } from './use-captcha';

/**
 * The captcha row of a form: the answer, and the image beside it that loads another when tapped.
 * Not shown at all while captchas are off (then nothing is checked or sent).
 */
export function CaptchaField({ captcha }: { captcha: Captcha }) {
  if (captcha.off) return null;
  return (
    <Form.Item
      name="code"
      label={ACCOUNT_TEXT.captcha}
      rules={[ruleOf(checkCaptcha)]}
      extra={<CaptchaImage captcha={captcha} />}
    >
      <Input
        placeholder={ACCOUNT_TEXT.captchaPlaceholder}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        maxLength={LIMITS.captchaMin * 2}
        clearable
      />
    </Form.Item>
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
