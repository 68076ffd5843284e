import { magnetLink, MSG } from '@yingku/contract';
import { Dialog, Toast } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { libraryApi } from '../../api/library';
import { PATHS } from '../../app/paths';
import { hasStoredSession } from '../../session/auth-storage';
import { copyUnderQuota, readCopyCount, recordCopy } from '../../session/copy-quota';
import { copyText } from './clipboard';
import { MAGNET_TEXT } from './texts';

/**
 * Copies a magnet link under the daily quota (SPEC §6): an anonymous visitor past 3 copies is
 * asked to log in; a logged-in user's copy is first recorded by the server, and a non-VIP past
 * 100 is asked to upgrade (with the way to /pay). Then nothing is copied.
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
        copy: (hash) => copyText(magnetLink(hash)),
        countCopy: () => void recordCopy(),
        promptLogin: () => {
          // The last copy's 复制成功！ must not linger over the prompt.
          Toast.clear();
          void Dialog.confirm({
            title: MSG.loginDialogTitle,
            content: MSG.loginRequired,
            confirmText: MSG.loginDialogConfirm,
            cancelText: MAGNET_TEXT.cancel,
            onConfirm: () => navigate(PATHS.login),
          });
        },
        promptUpgrade: () => {
          Toast.clear();
          void Dialog.confirm({
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
