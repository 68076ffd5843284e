import { imageUrl } from '@yingku/contract';
import { Skeleton } from 'antd-mobile';
import { UserIcon } from 'lucide-react';
import { Button } from '../../components/button/button';
import { Link } from 'react-router';
import { runtimeConfig } from '../../api/runtime-config';
import { PATHS } from '../../app/paths';
import type { CurrentUser } from '../../session/current-user';
import { userCardModel, type Viewer } from './member-model';
import styles from './user-card.module.css';
import { MEMBER_TEXT, vipText } from './texts';

export interface UserCardProps {
  viewer: Viewer;
  user: CurrentUser | null;
  onRetry: () => void;
}

/**
 * The user card (docs/product.md §2): avatar, user name and group name, and the VIP end date when set. A
 * visitor sees the guest default (游客, level 0) and the way to log in or register.
 */
export function UserCard({ viewer, user, onRetry }: UserCardProps) {
  const card = userCardModel(user);
  const avatar = card.avatar ? imageUrl(card.avatar, runtimeConfig().imageHost) : '';
  return (
    <section className={styles.card} data-testid="user-card" data-level={card.levelId}>
      {/* A plain picture (antd-mobile's Avatar brought its Image and a 2 KB drawing: decision 035). */}
      <span className={styles.avatar}>
        {avatar ? <img src={avatar} alt="" /> : <UserIcon fill="currentColor" aria-hidden="true" />}
      </span>
      <div className={styles.who}>
        {viewer === 'loading' ? (
          <Skeleton.Title animated className={styles.nameSkeleton} />
        ) : viewer === 'error' ? (
          <>
            <div className={styles.hint}>{MEMBER_TEXT.userFailed}</div>
            <Button size="mini" className={styles.ghostButton} onClick={onRetry}>
              {MEMBER_TEXT.retry}
            </Button>
          </>
        ) : card.name === null ? (
          <>
            <div className={styles.name}>{card.groupName}</div>
            <div className={styles.hint}>{MEMBER_TEXT.visitorHint}</div>
            <div className={styles.authLinks}>
              <Link to={PATHS.login} className={styles.loginLink}>
                {MEMBER_TEXT.login}
              </Link>
              <Link to={PATHS.register} className={styles.registerLink}>
                {MEMBER_TEXT.register}
              </Link>
            </div>
          </>
        ) : (
          <>
            <div className={styles.name} data-testid="user-name">
              {card.name}
            </div>
            <div className={styles.meta}>
              <span className={card.levelId > 1 ? styles.vipTag : styles.groupTag} data-testid="group-name">
                {card.groupName}
              </span>
              {card.vip && (
                <span className={styles.vipDate} data-testid="vip-until">
                  {vipText(card.vip.kind, card.vip.date)}
                </span>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
