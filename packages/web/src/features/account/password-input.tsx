import { Input, type InputProps } from 'antd-mobile';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useState } from 'react';
import styles from './account.module.css';
import { ACCOUNT_TEXT } from './texts';

/**
 * A password input with the eye button phones expect (typing a password blind on a small
 * keyboard is error-prone). Takes the props a Form.Item hands its child (value, onChange, id…).
 */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.inline}>
      <Input {...props} type={visible ? 'text' : 'password'} className={styles.grow} />
      <button
        type="button"
        className={styles.eye}
        aria-label={visible ? ACCOUNT_TEXT.hidePassword : ACCOUNT_TEXT.showPassword}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeIcon /> : <EyeOffIcon />}
      </button>
    </div>
  );
}
