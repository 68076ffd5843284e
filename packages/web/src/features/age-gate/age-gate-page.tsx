import { MSG } from '@yingku/contract';
import { Button } from '../../components/button/button';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { UI_TEXT } from '../../app/texts';
import styles from './age-gate-page.module.css';

/**
 * The landing page `/` (docs/product.md §1): always asks. Entering replaces this page with the home page,
 * so going back does not return here; leaving goes back to wherever the visitor came from.
 */
export function AgeGatePage() {
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="age-gate-title">
        <div className={styles.brand}>{UI_TEXT.siteName}</div>
        <h1 id="age-gate-title" className={styles.title}>
          {MSG.ageGateTitle}
        </h1>
        <p className={styles.text}>{MSG.ageGateText}</p>
        <div className={styles.actions}>
          <Button block color="primary" size="large" onClick={() => navigate(PATHS.home, { replace: true })}>
            {MSG.ageGateEnter}
          </Button>
          <Button block fill="outline" size="large" onClick={() => window.history.back()}>
            {MSG.ageGateLeave}
          </Button>
        </div>
      </section>
    </div>
  );
}
