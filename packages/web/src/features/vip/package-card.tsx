import type { VipPackage } from '@yingku/contract';
import { CircleCheckIcon } from 'lucide-react';
import { fill, VIP_TEXT } from './texts';
import { perDayText, promoLabel, showYuan } from './vip-model';
import styles from './pay-page.module.css';

export interface PackageCardProps {
  pkg: VipPackage;
  selected: boolean;
  onSelect: () => void;
}

/**
 * One package (docs/product.md §2): name, length and remark, the current price, and — when it is lower than
 * the original — the original struck through with a promotional label. A radio of the group.
 */
export function PackageCard({ pkg, selected, onSelect }: PackageCardProps) {
  const promo = promoLabel(pkg);
  const perDay = perDayText(pkg);
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      className={selected ? `${styles.card} ${styles.cardSelected}` : styles.card}
      onClick={onSelect}
      data-testid="vip-package"
      data-package-id={pkg.id}
    >
      {promo && <span className={styles.promoTag}>{promo.tag}</span>}
      <span className={styles.cardMain}>
        <span className={styles.cardName}>
          <span data-testid="package-name">{pkg.name}</span>
          <span className={styles.cardDays}>{fill(VIP_TEXT.days, { days: pkg.days })}</span>
        </span>
        <span className={styles.cardRemark}>{pkg.remark}</span>
        {perDay && <span className={styles.cardPerDay}>{perDay}</span>}
      </span>
      <span className={styles.cardPrices}>
        <span className={styles.price} data-testid="current-price">
          <small>¥</small>
          {showYuan(pkg.currentPrice)}
        </span>
        {promo && (
          <>
            <s className={styles.origPrice} data-testid="orig-price">
              ¥{showYuan(pkg.origPrice)}
            </s>
            <span className={styles.saving}>{promo.saving}</span>
          </>
        )}
      </span>
      {selected && (
        <CircleCheckIcon
          fill="currentColor"
          stroke="var(--adm-color-text-light-solid)"
          className={styles.check}
          aria-hidden="true"
        />
      )}
    </button>
  );
}
