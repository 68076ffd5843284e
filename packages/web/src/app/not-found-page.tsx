import { Button } from '../components/button/button';
import { useNavigate } from 'react-router';
import styles from './status-page.module.css';
import { PATHS } from './paths';
import { UI_TEXT } from './texts';
import { ErrorBlock } from '../components/error-block/error-block';

/** Any path no route claims. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <ErrorBlock
        status="empty"
        title={<h1 className={styles.heading}>{UI_TEXT.notFoundTitle}</h1>}
        description={UI_TEXT.notFoundText}
      >
        <Button color="primary" onClick={() => navigate(PATHS.home)}>
          {UI_TEXT.backHome}
        </Button>
      </ErrorBlock>
    </div>
  );
}
