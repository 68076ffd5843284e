import { CircleXIcon } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './account.module.css';
import { ACCOUNT_TEXT } from './texts';
import type { TextFieldProps } from './use-account-form';

interface FormFieldProps {
  /** The field: its input's id, which the label names, and its problem. */
  field: Pick<TextFieldProps, 'id' | 'error'>;
  label: string;
  /** Beside the input, right of the row (the captcha's image). */
  extra?: ReactNode;
  children: ReactNode;
}

/** The id of the text that says what is wrong with field `id`. */
const errorId = (id: string) => `${id}_error`;

/**
 * One row of the account forms: the label above its input, the problem under it (linked to the
 * input, so a screen reader reads it with the field), underlined like the rest of the page.
 */
export function FormField({ field: { id, error }, label, extra, children }: FormFieldProps) {
  return (
    <div className={styles.field}>
      <div className={styles.fieldMain}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {children}
        {error && (
          <div id={errorId(id)} className={styles.error}>
            {error}
          </div>
        )}
      </div>
      {extra && <div className={styles.extra}>{extra}</div>}
    </div>
  );
}

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'onBlur' | 'className'
>;

/**
 * A text input of the account forms, with a button that clears it while it holds text (as
 * antd-mobile's `clearable` did, 44 px to tap). Says it is invalid while its row shows a problem.
 */
export function TextInput({
  field,
  clearable = false,
  ...native
}: NativeInputProps & { field: TextFieldProps; clearable?: boolean }) {
  const { id, value, error, onChange, onBlur } = field;
  return (
    <div className={styles.inputRow}>
      <input
        {...native}
        id={id}
        className={styles.input}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(id) : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {clearable && value !== '' && (
        <button
          type="button"
          className={styles.iconButton}
          aria-label={ACCOUNT_TEXT.clear}
          // Keeps the focus (and the keyboard) in the input.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            onChange('');
            document.getElementById(id)?.focus();
          }}
        >
          <CircleXIcon className={styles.clearIcon} />
        </button>
      )}
    </div>
  );
}

/** A labelled text row of the account forms: {@link FormField} around a {@link TextInput}. */
export function TextField({
  field,
  label,
  ...input
}: NativeInputProps & { field: TextFieldProps; label: string; clearable?: boolean }) {
  return (
    <FormField field={field} label={label}>
      <TextInput field={field} {...input} />
    </FormField>
  );
}
