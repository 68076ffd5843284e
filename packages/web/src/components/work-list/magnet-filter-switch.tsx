import { UI_TEXT } from '../../app/texts';
import { SwitchButton } from '../switch-button/switch-button';
import { useMagnetFilter } from '../../session/magnet-filter';

/** Toggles only-with-magnets / show-all for the session (SPEC §2, §4); lists reload on change. */
export function MagnetFilterSwitch() {
  const [filter, setFilter] = useMagnetFilter();
  const on = filter === 1;
  return (
    <SwitchButton checked={on} onChange={(next) => setFilter(next ? 1 : 0)} label={UI_TEXT.magnetFilterLabel}>
      {on ? UI_TEXT.onlyWithMagnets : UI_TEXT.showAll}
    </SwitchButton>
  );
}
