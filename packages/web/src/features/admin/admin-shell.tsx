import type { SessionUser } from '@yingku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, Tag, Toast } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { useEffect, useRef } from 'react';
import { Link, Navigate, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { endSession } from '../member/use-logout';
import { ADMIN_SECTIONS, sectionPath } from './admin-model';
import { adminKeys } from './admin-keys';
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
 * The console's frame: a top bar (title, who is logged in, 返回前台, 退出登录), the sections in a
 * left sidebar (a scrolling tab row under 768 px) and the open section, each at its own URL.
 */
export function AdminShell({ user, isAdmin }: { user: SessionUser; isAdmin: boolean }) {
  const logout = useConsoleLogout();
  return (
    <div className={styles.shell}>
      <header className={styles.topBar}>
        <h1 className={styles.brand}>{ADMIN_TEXT.title}</h1>
        <div className={styles.who} data-testid="admin-user">
          <span className={styles.userName}>{user.userName}</span>
          {/* Solid: an outline's red letters on the dark bar are 2.98:1; white on a fill reads. */}
          <Tag color={isAdmin ? 'danger' : 'default'} fill="solid">
            {isAdmin ? ADMIN_TEXT.roleAdmin : ADMIN_TEXT.roleStaff}
          </Tag>
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
          {ADMIN_SECTIONS.map((section) => (
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
            <Route index element={<Navigate to="inbox" replace />} />
            <Route path="inbox/:threadId?" element={<InboxSection />} />
            <Route path="orders" element={<OrdersSection />} />
            <Route path="packages" element={<PackagesSection />} />
            <Route path="codes" element={<CodesSection />} />
            <Route path="users" element={<UsersSection isAdmin={isAdmin} selfId={user.userId} />} />
            <Route path="catalogue" element={<CatalogueSection />} />
            <Route path="downloads" element={<DownloadsSection />} />
            <Route path="reviews" element={<ReviewsSection />} />
            <Route path="*" element={<Navigate to="inbox" replace />} />
          </Routes>
        </main>
      </div>
    </div>
  );
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
