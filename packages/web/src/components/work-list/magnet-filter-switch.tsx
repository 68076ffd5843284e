import { UI_TEXT } from '../../app/texts';
import { MemberSlot } from '../member-slot/member-slot';
import { SwitchButton } from '../switch-button/switch-button';
import { useMagnetFilter } from '../../session/magnet-filter';

/**
 * Toggles only-with-magnets / show-all for the session (docs/product.md §2, §4); lists reload on change.
 * A member's 隐藏已看过 goes before it (decision 045).
 */
export function MagnetFilterSwitch() {
  const [filter, setFilter] = useMagnetFilter();
  const on = filter === 1;
  return (
    <>
      <MemberSlot name="hide" />
      <SwitchButton
        checked={on}
        onChange={(next) => setFilter(next ? 1 : 0)}
        label={UI_TEXT.magnetFilterLabel}
      >
        {on ? UI_TEXT.onlyWithMagnets : UI_TEXT.showAll}
      </SwitchButton>
    </>
  );
}
