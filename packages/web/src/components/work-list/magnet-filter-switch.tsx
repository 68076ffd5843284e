import { Switch } from 'antd-mobile';
import { UI_TEXT } from '../../app/texts';
import { useMagnetFilter } from '../../session/magnet-filter';
import styles from './magnet-filter-switch.module.css';

/** Toggles only-with-magnets / show-all for the session (SPEC §2, §4); lists reload on change. */
export function MagnetFilterSwitch() {
  const [filter, setFilter] = useMagnetFilter();
  return (
    <label className={styles.switch}>
      <span>{filter === 1 ? UI_TEXT.onlyWithMagnets : UI_TEXT.showAll}</span>
      <Switch
        checked={filter === 1}
        onChange={(checked) => setFilter(checked ? 1 : 0)}
        aria-label={UI_TEXT.magnetFilterLabel}
        style={{ '--height': '22px', '--width': '40px' }}
      />
    </label>
  );
}
