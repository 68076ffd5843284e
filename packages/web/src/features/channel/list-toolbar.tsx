import { MagnetFilterSwitch } from '../../components/work-list/magnet-filter-switch';
import styles from './channel-page.module.css';
import { CHANNEL_TEXT } from './texts';

/**
 * The line above a works list: how many works match (once the first page is in) and the
 * session's magnet filter (docs/product.md §2, §4), which reloads the list from page 1 when changed.
 */
export function ListToolbar({ total }: { total: number | undefined }) {
  return (
    <div className={styles.toolbar}>
      <span className={styles.total} data-testid="works-total">
        {total === undefined ? '' : CHANNEL_TEXT.total(total)}
      </span>
      <MagnetFilterSwitch />
    </div>
  );
}
