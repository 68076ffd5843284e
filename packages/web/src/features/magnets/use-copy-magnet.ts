import { magnetLink, MSG } from '@yingku/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { libraryApi } from '../../api/library';
import { PATHS } from '../../app/paths';
import { clearToasts, confirmDialog } from '../../components/feedback/lazy-feedback';
import { hasStoredSession } from '../../session/auth-storage';
import { copyUnderQuota, readCopyCount, recordCopy } from '../../session/copy-quota';
import { copyText } from './clipboard';
import { MAGNET_TEXT } from './texts';

/**
 * Copies a magnet link under the daily quota (docs/product.md §6): an anonymous visitor past 3 copies is
 * asked to log in; a logged-in user's copy is recorded by the server, and a non-VIP past 100 is
 * asked to upgrade (with the way to /pay). Then nothing is copied. Call it from the tap itself:
 * the clipboard write starts before anything is awaited.
 */
export function useCopyMagnet(): (infoHash: string) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (infoHash: string) => {
      await copyUnderQuota(infoHash, {
        hasSession: hasStoredSession,
        copiesToday: readCopyCount,
        // The hash makes copies of two magnets within a second different bodies, so the
        // duplicate-write guard refuses only a true repeat.
        askServer: async (hash) => (await libraryApi.recordCopy({ infoHash: hash })).data,
        copy: (hash, allowed) => copyText(magnetLink(hash), allowed),
        countCopy: () => void recordCopy(),
        promptLogin: () => {
          // The last copy's 复制成功！ must not linger over the prompt.
          clearToasts();
          void confirmDialog({
            title: MSG.loginDialogTitle,
            content: MSG.loginRequired,
            confirmText: MSG.loginDialogConfirm,
            cancelText: MAGNET_TEXT.cancel,
            onConfirm: () => navigate(PATHS.login),
          });
        },
        promptUpgrade: () => {
          clearToasts();
          void confirmDialog({
            content: MSG.memberCopyCap,
            confirmText: MAGNET_TEXT.upgrade,
            cancelText: MAGNET_TEXT.cancel,
            onConfirm: () => navigate(PATHS.pay),
          });
        },
      });
    },
    [navigate],
  );
}
