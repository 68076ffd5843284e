import { Switch } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './switch-button.module.css';

export interface SwitchButtonProps {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  /** What the switch turns on, for screen readers (the words beside it may say its state). */
  label: string;
  /** Words drawn before the switch, inside the target. */
  children?: ReactNode;
  className?: string;
}

/**
 * An on/off control everyone can work: a real button (role switch, ≥ 44 px tall) around the
 * words and antd-mobile's switch, which is only drawn. antd's own cannot be focused or worked
 * with the keyboard, and its 40×22 px is too small a target. Takes `checked`/`onChange` like
 * antd's, so a form item's `valuePropName="checked"` drives it.
 */
export function SwitchButton({ checked = false, onChange, label, children, className }: SwitchButtonProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={className ? `${styles.switch} ${className}` : styles.switch}
      onClick={() => onChange?.(!checked)}
    >
      {children !== undefined && <span>{children}</span>}
      <Switch checked={checked} aria-hidden="true" style={{ '--height': '22px', '--width': '40px' }} />
    </button>
  );
}
