import { Popup } from 'antd-mobile';
import { useId } from 'react';
import sheet from '../../components/popup-sheet/popup-sheet.module.css';
import { MagnetList } from './magnet-list';
import { MAGNET_POPUP_TEXT } from './magnet-popup-texts';
import styles from './magnet-popup.module.css';

export interface MagnetPopupProps {
  /** The work number whose magnets to list. */
  number: string;
  visible: boolean;
  onClose: () => void;
}

/**
 * A bottom popup listing the magnets of a work number (docs/product.md §2, list screens), with the same
 * rows and copy buttons as the detail's magnet tab. The list loads when the popup opens.
 */
export function MagnetPopup({ number, visible, onClose }: MagnetPopupProps) {
  const titleId = useId();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      showCloseButton
      bodyClassName={`${sheet.body} ${styles.body}`}
      aria-labelledby={titleId}
    >
      <header className={`${sheet.header} ${styles.header}`}>
        <h2 id={titleId} className={`${sheet.title} ${styles.title}`}>
          {MAGNET_POPUP_TEXT.title(number)}
        </h2>
      </header>
      <div className={styles.content}>{visible && <MagnetList number={number} />}</div>
    </Popup>
  );
}
