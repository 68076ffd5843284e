import { Button } from '../components/button/button';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import styles from './status-page.module.css';
import { PATHS } from './paths';
import { UI_TEXT } from './texts';
import { ErrorBlock } from '../components/error-block/error-block';

/**
 * A screen that threw while rendering (or whose code failed to load). antd-mobile's own
 * default texts say something went wrong; the way out is a full reload of the home page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <div className={styles.page}>
      <ErrorBlock status="default">
        <Button color="primary" onClick={() => window.location.assign(PATHS.home)}>
          {UI_TEXT.backHome}
        </Button>
      </ErrorBlock>
    </div>
  );
}
