import { magnetLink, MSG } from '@yingku/contract';
import { Dialog, Toast } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { copyDecision, readCopier, readCopyCount, recordCopy } from '../../session/copy-quota';
import { copyText } from './clipboard';
import { MAGNET_TEXT } from './texts';

/**
 * Copies a magnet link under the daily quota (SPEC §6): an anonymous visitor past 3 copies is
 * asked to log in, a non-VIP member past 100 to upgrade; then nothing is copied. Only copies
 * that succeed are counted.
 */
export function useCopyMagnet(): (infoHash: string) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (infoHash: string) => {
      const decision = copyDecision(readCopyCount(), readCopier());
      // The last copy's 复制成功！ must not linger over the prompt.
      if (decision !== 'allow') Toast.clear();
      if (decision === 'login') {
        void Dialog.confirm({
          title: MSG.loginDialogTitle,
          content: MSG.loginRequired,
          confirmText: MSG.loginDialogConfirm,
          cancelText: MAGNET_TEXT.cancel,
          onConfirm: () => navigate(PATHS.login),
        });
        return;
      }
      if (decision === 'upgrade') {
        void Dialog.confirm({
          content: MSG.memberCopyCap,
          confirmText: MAGNET_TEXT.upgrade,
          cancelText: MAGNET_TEXT.cancel,
          onConfirm: () => navigate(PATHS.pay),
        });
        return;
      }
      if (await copyText(magnetLink(infoHash))) recordCopy();
    },
    [navigate],
  );
}
