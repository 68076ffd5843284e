import { MOD_NAMES } from '@yingku/contract';
import { UI_TEXT } from '../../app/texts';
import { SearchBox } from '../../components/channel-header/search-box';
import { ChannelSection } from './channel-section';
import styles from './home-page.module.css';

/** `/index`: the search box (docs/product.md §2) and the newest works of each channel. */
export function HomePage() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.brand}>{UI_TEXT.siteName}</h1>
        <SearchBox className={styles.search} />
      </header>
      {MOD_NAMES.map((modName, i) => (
        <ChannelSection key={modName} modName={modName} first={i === 0} />
      ))}
    </div>
  );
}
