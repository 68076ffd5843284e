import { Popup, Switch } from 'antd-mobile';
import {
  ChevronRightIcon,
  DownloadIcon,
  EyeOffIcon,
  GlobeIcon,
  KeyRoundIcon,
  LogOutIcon,
  ReceiptTextIcon,
  RotateCwIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { ChoiceSheet } from '../../components/choice-sheet/choice-sheet';
import { storedScript } from '../../session/chinese-script';
import { chooseScript } from '../../session/choose-script';
import { useDiscreet } from '../../session/discreet-mode';
import styles from './member-drawer.module.css';
import { MEMBER_TEXT } from './texts';
import { useLogout } from './use-logout';

export interface MemberDrawerProps {
  visible: boolean;
  onClose: () => void;
  /** Whether this browser holds a login: only then is 退出登录 offered. */
  loggedIn: boolean;
  /** 我的云下载: opens the list of the user's cloud-download requests (a visitor's asks to log in). */
  onOpenCloudDownloads: () => void;
}

/**
 * The 更多 drawer (docs/product.md §2): my cloud downloads (not in docs/product.md §2: the one place a user
 * sees all their requests), my orders, activate VIP, the language (简体中文 or 繁體中文, decision 046), 隐私模式 (covers
 * and stills blurred until tapped, docs/product.md §1), refresh version (reloads the page, picking up a new
 * release) and, when logged in, 账号与安全 (/user/security) and log out. Rows are real links and buttons (antd-mobile's List.Item is an `<a>`
 * without href, which a keyboard cannot reach).
 */
export function MemberDrawer({ visible, onClose, loggedIn, onOpenCloudDownloads }: MemberDrawerProps) {
  const logout = useLogout();
  const [discreet, setDiscreet] = useDiscreet();
  const [choosingScript, setChoosingScript] = useState(false);
  const script = storedScript();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="right"
      bodyClassName={styles.drawer}
    >
      <nav aria-label={MEMBER_TEXT.drawerTitle} data-testid="member-drawer">
        <div className={styles.title}>{MEMBER_TEXT.drawerTitle}</div>
        <div className={styles.group}>
          <button type="button" className={styles.row} onClick={onOpenCloudDownloads} aria-haspopup="dialog">
            <Row icon={<DownloadIcon />} label={MEMBER_TEXT.cloudDownloads} />
          </button>
          <Link to={PATHS.orders} className={styles.row} onClick={onClose}>
            <Row icon={<ReceiptTextIcon />} label={MEMBER_TEXT.myOrders} />
          </Link>
          <Link to={PATHS.sub} className={styles.row} onClick={onClose}>
            <Row icon={<KeyRoundIcon />} label={MEMBER_TEXT.activateVip} />
          </Link>
          <button
            type="button"
            className={styles.row}
            data-testid="language"
            aria-haspopup="dialog"
            onClick={() => setChoosingScript(true)}
          >
            <Row
              icon={<GlobeIcon />}
              label={MEMBER_TEXT.language}
              extra={MEMBER_TEXT.languageNames[script]}
            />
          </button>
          <button
            type="button"
            role="switch"
            aria-checked={discreet}
            className={styles.row}
            onClick={() => setDiscreet(!discreet)}
          >
            <Row icon={<EyeOffIcon />} label={MEMBER_TEXT.discreet} arrow={false} />
            <Switch checked={discreet} aria-hidden="true" style={{ '--height': '22px', '--width': '40px' }} />
          </button>
          <button type="button" className={styles.row} onClick={() => window.location.reload()}>
            <Row icon={<RotateCwIcon />} label={MEMBER_TEXT.refreshVersion} />
          </button>
        </div>
        {loggedIn && (
          <div className={styles.group}>
            <Link to={PATHS.userSecurity} className={styles.row} onClick={onClose}>
              <Row icon={<ShieldCheckIcon />} label={MEMBER_TEXT.accountSecurity} />
            </Link>
            <button type="button" className={`${styles.row} ${styles.logout}`} onClick={logout}>
              <Row icon={<LogOutIcon />} label={MEMBER_TEXT.logout} arrow={false} />
            </button>
          </div>
        )}
      </nav>
      <ChoiceSheet
        visible={choosingScript}
        label={MEMBER_TEXT.language}
        choices={(['hans', 'hant'] as const).map((key) => ({
          key,
          text: MEMBER_TEXT.languageNames[key],
          current: key === script,
        }))}
        cancelText={MEMBER_TEXT.cancel}
        onChoose={(key) => {
          setChoosingScript(false);
          void chooseScript(key);
        }}
        onClose={() => setChoosingScript(false)}
      />
    </Popup>
  );
}

function Row({
  icon,
  label,
  extra,
  arrow,
}: {
  icon: ReactNode;
  label: string;
  extra?: string;
  arrow?: boolean;
}) {
  const showArrow = arrow ?? extra === undefined;
  return (
    <>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.label}>{label}</span>
      {extra && <span className={styles.extra}>{extra}</span>}
      {showArrow && <ChevronRightIcon className={styles.arrow} aria-hidden="true" />}
    </>
  );
}
