import { Share2Icon } from 'lucide-react';
import { sharedFolderPath } from './shared-folder-path';
import { Button } from '../../components/button/button';
import { copyText } from '../magnets/clipboard';
import styles from './member-page.module.css';
import { MEMBER_TEXT } from './texts';

/** 分享收藏夹 (docs/product.md §2): copies the link of a public folder's read-only page. */
export default function ShareFolderButton({ cateId, shareKey }: { cateId: string; shareKey: string }) {
  return (
    <div className={styles.share}>
      <Button
        size="small"
        fill="none"
        color="primary"
        aria-description={MEMBER_TEXT.shareFolderHint}
        onClick={() => void copyText(new URL(sharedFolderPath(cateId, shareKey), window.location.href).href)}
      >
        <Share2Icon aria-hidden="true" /> {MEMBER_TEXT.shareFolder}
      </Button>
    </div>
  );
}
