import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/button/button';
import { CircleCheckIcon, ClockIcon, DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error';
import { showApiError } from '../../api/client';
import { PATHS } from '../../app/paths';
import { confirmDialog, showToast } from '../../components/feedback/lazy-feedback';
import { useCurrentUser } from '../../session/current-user';
import { LIBRARY_KEY } from '../../session/session-end';
import { DETAIL_TEXT } from './texts';
import { CLOUD_TEXT } from './cloud-texts';

// The API module (and zod, which checks its answers: ≈ 26 KiB gzip) loads with the first call,
// not with the page's first screen (decision 028).
const loadCloudApi = async () => (await import('../../api/cloud')).cloudApi;
import { cloudState, isVipLevel } from './work-detail-model';
import styles from './library-actions.module.css';

/** Payment Required: the server's answer to a member who is not a VIP in force. */
const VIP_REQUIRED = 402;

/** The caller's request for one work; under the library prefix, so the end of a login drops it. */
const cloudKey = (workId: string) => [...LIBRARY_KEY, 'cloud', workId] as const;

/**
 * 云端下载 (SPEC §7 /web/cloud/file/download): a logged-in user asks for the title to be fetched
 * to the site's storage, and sees its state — 处理中 until staff mark it done, then 已完成.
 * Visitors see nothing (the like and collect beside it already lead to login). Members who are
 * not VIP see it too and, on tapping, the server's 402 with the way to /pay: the server decides
 * who may ask (a VIP that just ended, a level changed in the console), and a VIP feature shown
 * is how a member learns it exists. Only a VIP's state is asked for: one small call, after the
 * detail itself, and none for anyone else.
 */
export function CloudDownload({ workId }: { workId: string }) {
  const current = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const vip = current.data ? isVipLevel(current.data.level.levelId) : false;
  const requests = useQuery({
    queryKey: cloudKey(workId),
    queryFn: async ({ signal }) => (await (await loadCloudApi()).list({ censoredId: workId }, signal)).rows,
    enabled: vip,
  });
  if (!current.data) return null;
  const state = cloudState(requests.data);

  async function request() {
    setAsking(true);
    try {
      const { data } = await (
        await loadCloudApi()
      ).request({ censoredId: workId, url: window.location.href });
      queryClient.setQueryData(cloudKey(workId), [data]);
      showToast({ icon: 'success', content: CLOUD_TEXT.cloudSubmitted });
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.kind === 'code' && error.code === VIP_REQUIRED) {
        // The call is silent: this dialog is the one prompt the user sees.
        void confirmDialog({
          content: error.message,
          confirmText: DETAIL_TEXT.openVip,
          cancelText: DETAIL_TEXT.cancel,
          onConfirm: () => navigate(PATHS.pay),
        });
      } else {
        showApiError(error);
      }
    } finally {
      setAsking(false);
    }
  }

  function tap() {
    if (state === 'none') void request();
    else if (state === 'requested') {
      showToast({ content: CLOUD_TEXT.cloudPending });
      void requests.refetch();
    } else showToast({ icon: 'success', content: CLOUD_TEXT.cloudReady });
  }

  const label =
    state === 'done'
      ? CLOUD_TEXT.cloudDone
      : state === 'requested'
        ? CLOUD_TEXT.cloudRequested
        : CLOUD_TEXT.cloudDownload;
  return (
    <Button
      aria-label={state === 'none' ? label : CLOUD_TEXT.cloudStateName(label)}
      size="mini"
      fill="none"
      color={state === 'done' ? 'success' : state === 'requested' ? 'warning' : 'default'}
      className={styles.toggle}
      loading={asking}
      data-testid="cloud-download"
      data-state={state}
      onClick={tap}
    >
      {state === 'done' ? <CircleCheckIcon /> : state === 'requested' ? <ClockIcon /> : <DownloadIcon />}
      <span>{label}</span>
    </Button>
  );
}
