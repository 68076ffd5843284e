import { SERVER_MSG } from '@yingku/contract';
import { DotLoading, Result } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import type { LoginPageState } from '../account/login-page';
import { useDocumentTitle } from '../../app/route-handle';
import { useCurrentUser } from '../../session/current-user';
import { consolePermissions, consoleViewer } from './admin-model';
import { AdminShell } from './admin-shell';
import { ADMIN_TEXT } from './texts';
import styles from './admin-shell.module.css';

/**
 * /admin/* — the operators' console, loaded only when this route is opened. The gate asks who
 * the caller is first (getInfo, not a console call): a visitor is asked to log in, a member is
 * told 仅限客服人员, and only staff (any console role) get the console, which shows only the
 * sections their permissions open: no console call is ever made that the server would refuse
 * (its 403 would open the login dialog).
 */
export function AdminApp() {
  useDocumentTitle(ADMIN_TEXT.title);
  const current = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  if (current.isPending) {
    return (
      <div className={styles.gate} data-state="loading">
        <DotLoading />
      </div>
    );
  }
  if (current.isError) {
    return (
      <div className={styles.gate}>
        <Result status="error" title={ADMIN_TEXT.userInfoFailed} />
        <Button onClick={() => void current.refetch()}>{ADMIN_TEXT.retry}</Button>
      </div>
    );
  }
  const viewer = consoleViewer(current.data);
  if (viewer === 'visitor' || !current.data) {
    return (
      <div className={styles.gate} data-testid="admin-gate" data-viewer="visitor">
        <Result status="info" title={ADMIN_TEXT.visitorHeading} description={ADMIN_TEXT.visitorText} />
        <Button
          color="primary"
          onClick={() =>
            void navigate(PATHS.login, { state: { returnTo: pathname } satisfies LoginPageState })
          }
        >
          {ADMIN_TEXT.goLogin}
        </Button>
      </div>
    );
  }
  if (viewer === 'member') {
    return (
      <div className={styles.gate} data-testid="admin-gate" data-viewer="member">
        <Result status="warning" title={SERVER_MSG.staffOnly} />
        <Link to={PATHS.home}>{ADMIN_TEXT.backHome}</Link>
      </div>
    );
  }
  return (
    <AdminShell
      user={current.data.user}
      roles={current.data.roles}
      permissions={consolePermissions(current.data)}
    />
  );
}
