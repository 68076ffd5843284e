import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './choice-sheet.module.css';

export interface Choice<K extends string> {
  key: K;
  text: ReactNode;
  /** The choice in force: drawn bold and told to a screen reader (`aria-pressed`). */
  current?: boolean;
}

export interface ChoiceSheetProps<K extends string> {
  visible: boolean;
  /** The choices' name, for a screen reader. */
  label: string;
  /** A line above the choices: what they are for (a work's title). */
  title?: string;
  choices: readonly Choice<K>[];
  cancelText: string;
  onChoose: (key: K) => void;
  onClose: () => void;
}

/**
 * A bottom sheet of a few choices and a cancel button, each a plain button (antd-mobile's
 * ActionSheet marks its buttons as listbox options outside a listbox, which axe refuses).
 */
export function ChoiceSheet<K extends string>({
  visible,
  label,
  title,
  choices,
  cancelText,
  onChoose,
  onClose,
}: ChoiceSheetProps<K>) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={styles.sheet}>
      {title && <div className={styles.title}>{title}</div>}
      <div role="group" aria-label={label} className={styles.choices}>
        {choices.map((choice) => (
          <button
            key={choice.key}
            type="button"
            className={styles.choice}
            aria-pressed={choice.current ?? false}
            onClick={() => onChoose(choice.key)}
          >
            {choice.text}
          </button>
        ))}
      </div>
      <button type="button" className={`${styles.choice} ${styles.cancel}`} onClick={onClose}>
        {cancelText}
      </button>
    </Popup>
  );
}
