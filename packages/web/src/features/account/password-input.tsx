import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useState } from 'react';
import styles from './account.module.css';
import { FormField, TextInput } from './form-field';
import { ACCOUNT_TEXT } from './texts';
import type { TextFieldProps } from './use-account-form';

/**
 * A labelled password row with the eye button phones expect (typing a password blind on a
 * small keyboard is error-prone).
 */
export function PasswordField({
  field,
  label,
  placeholder,
  autoComplete,
}: {
  field: TextFieldProps;
  label: string;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField field={field} label={label}>
      <div className={styles.inputRow}>
        <TextInput
          field={field}
          type={visible ? 'text' : 'password'}
          placeholder={placeholder}
          autoComplete={autoComplete}
        />
        <button
          type="button"
          className={styles.iconButton}
          aria-label={visible ? ACCOUNT_TEXT.hidePassword : ACCOUNT_TEXT.showPassword}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeIcon /> : <EyeOffIcon />}
        </button>
      </div>
    </FormField>
  );
}
