import { type Permission, type SessionUser, STAFF_MSG } from '@yingku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, Result, Tag, Toast } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { useEffect, useRef } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { endSession } from '../member/use-logout';
import { type AdminSectionPath, openSections, sectionPath, staffRoleLabels } from './admin-model';
import { adminKeys } from './admin-keys';
import { AuditSection } from './audit/audit-section';
import { CatalogueSection } from './catalogue/catalogue-section';
import { CodesSection } from './codes/codes-section';
import { DownloadsSection } from './downloads/downloads-section';
import { InboxSection } from './inbox/inbox-section';
import { OrdersSection } from './orders/orders-section';
import { PackagesSection } from './packages/packages-section';
import { ReviewsSection } from './reviews/reviews-section';
import { ADMIN_TEXT } from './texts';
import { UsersSection } from './users/users-section';
import styles from './admin-shell.module.css';
import { withDialogName } from '../../components/feedback/dialog-name';

/**
 * The console's frame: a top bar (title, who is logged in with their roles, 返回前台, 退出登录),
 * the sections the caller's permissions open in a left sidebar (a scrolling tab row under
 * 768 px) and the open section, each at its own URL. A closed section's URL leads to the first
 * open one, as /admin itself does.
 */
export function AdminShell(props: {
  user: SessionUser;
  roles: readonly string[];
  permissions: readonly Permission[];
}) {
  const { user, roles, permissions } = props;
  const logout = useConsoleLogout();
  const sections = openSections(permissions);
  const first = sections[0];
  const fallback = first ? (
    <Navigate to={sectionPath(first.path)} replace />
  ) : (
    <Result status="warning" title={STAFF_MSG.permissionDenied} />
  );
  return (
    <div className={styles.shell}>
      <header className={styles.topBar}>
        <h1 className={styles.brand}>{ADMIN_TEXT.title}</h1>
        <div className={styles.who} data-testid="admin-user">
          <span className={styles.userName}>{user.userName}</span>
          {staffRoleLabels(roles).map(({ role, label }) => (
            // Solid: an outline's red letters on the dark bar are 2.98:1; white on a fill reads.
            <Tag key={role} color={role === 'admin' ? 'danger' : 'default'} fill="solid" data-role={role}>
              {label}
            </Tag>
          ))}
        </div>
        <div className={styles.topActions}>
          <Link to={PATHS.home} className={styles.topLink}>
            {ADMIN_TEXT.backToSite}
          </Link>
          <Button size="small" fill="outline" className={styles.logout} onClick={logout}>
            {ADMIN_TEXT.logout}
          </Button>
        </div>
      </header>
      <div className={styles.body}>
        <nav className={styles.sidebar} aria-label={ADMIN_TEXT.sections} ref={useActiveTabInView()}>
          {sections.map((section) => (
            <NavLink
              key={section.path}
              // Absolute: a relative link under the /admin/* splat would resolve against the
              // open section's own path (/admin/inbox/12 + inbox).
              to={sectionPath(section.path)}
              className={({ isActive }) => (isActive ? `${styles.navItem} ${styles.active}` : styles.navItem)}
            >
              {section.label}
            </NavLink>
          ))}
        </nav>
        <main className={styles.content}>
          <Routes>
            <Route index element={fallback} />
            {sections.map((section) => (
              <Route
                key={section.path}
                path={SECTION_ROUTES[section.path]}
                element={<SectionScreen path={section.path} permissions={permissions} selfId={user.userId} />}
              />
            ))}
            <Route path="*" element={fallback} />
          </Routes>
        </main>
      </div>
    </div>
  );
}

/** Each section's route under /admin: most are one screen; the inbox and the log open an item. */
const SECTION_ROUTES: Record<AdminSectionPath, string> = {
  inbox: 'inbox/:threadId?',
  orders: 'orders',
  packages: 'packages',
  codes: 'codes',
  users: 'users',
  catalogue: 'catalogue',
  downloads: 'downloads',
  reviews: 'reviews',
  audit: 'audit/:entryId?',
};

/** One open section's screen; those with controls of their own are told what the caller may do. */
function SectionScreen(props: {
  path: AdminSectionPath;
  permissions: readonly Permission[];
  selfId: string;
}) {
  switch (props.path) {
    case 'inbox':
      return <InboxSection />;
    case 'orders':
      return <OrdersSection />;
    case 'packages':
      return <PackagesSection />;
    case 'codes':
      return <CodesSection />;
    case 'users':
      return <UsersSection permissions={props.permissions} selfId={props.selfId} />;
    case 'catalogue':
      return <CatalogueSection canManageMedia={props.permissions.includes('media.manage')} />;
    case 'downloads':
      return <DownloadsSection />;
    case 'reviews':
      return <ReviewsSection />;
    case 'audit':
      return <AuditSection />;
  }
}

/** 退出登录: asks first, ends the session, forgets what the console loaded, goes home. */
function useConsoleLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    void Dialog.confirm(
      withDialogName({
        content: ADMIN_TEXT.logoutConfirm,
        confirmText: ADMIN_TEXT.logoutConfirmButton,
        cancelText: ADMIN_TEXT.cancel,
        onConfirm: async () => {
          await endSession(queryClient);
          queryClient.removeQueries({ queryKey: adminKeys.all });
          Toast.show({ content: ADMIN_TEXT.loggedOut });
          void navigate(PATHS.home, { replace: true });
        },
      }),
    );
  };
}

/**
 * On a phone the sections are a row that scrolls sideways: the open one is brought into view
 * (a later section, 云下载, would otherwise sit off screen). Nothing moves on a desktop.
 */
function useActiveTabInView() {
  const nav = useRef<HTMLElement>(null);
  // The section only (/admin/{section}/…): opening a thread moves nothing.
  const section = useLocation().pathname.split('/')[2];
  useEffect(() => {
    const active = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [section]);
  return nav;
}
