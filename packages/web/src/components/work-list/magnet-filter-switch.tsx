import { Switch } from 'antd-mobile';
import { UI_TEXT } from '../../app/texts';
import { useMagnetFilter } from '../../session/magnet-filter';
import styles from './magnet-filter-switch.module.css';

/**
 * Toggles only-with-magnets / show-all for the session (SPEC §2, §4); lists reload on change.
 * The control is a real button (role switch) around the words and antd-mobile's switch, which
 * is only drawn: antd's own cannot be focused or worked with the keyboard, and its 40×22 px was
 * too small a target; the button is ≥ 44 px tall and takes the words as well.
 */
export function MagnetFilterSwitch() {
  const [filter, setFilter] = useMagnetFilter();
  const on = filter === 1;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={UI_TEXT.magnetFilterLabel}
      className={styles.switch}
      onClick={() => setFilter(on ? 0 : 1)}
    >
      <span>{on ? UI_TEXT.onlyWithMagnets : UI_TEXT.showAll}</span>
      <Switch checked={on} aria-hidden="true" style={{ '--height': '22px', '--width': '40px' }} />
    </button>
  );
}
