import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/button/button';
import { CircleCheckIcon, ClockIcon, DownloadIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/api-error';
import { showApiError } from '../../api/client';
import { PATHS } from '../../app/paths';
import { confirmDialog, showToast } from '../../components/feedback/lazy-feedback';
import { useCurrentUser } from '../../session/current-user';
import { DETAIL_TEXT } from './texts';
import { CLOUD_TEXT } from './cloud-texts';
import { detailKeys } from './detail-keys';
import { cloudState, isVipLevel } from './work-detail-model';
import styles from './library-actions.module.css';

// The API module (and zod, which checks its answers: ≈ 26 KiB gzip) loads with the first call,
// not with the page's first screen (decision 028).
const loadCloudApi = async () => (await import('../../api/cloud')).cloudApi;

/** Payment Required: the server's answer to a member who is not a VIP in force. */
const VIP_REQUIRED = 402;

/**
 * 云端下载 (docs/product.md §7 /web/cloud/file/download): a logged-in user asks for the title to be fetched
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
  const vip = current.data ? isVipLevel(current.data.level.levelId) : false;
  // The caller's request for this work; under the library prefix, so the end of a login drops it.
  const requests = useQuery({
    queryKey: detailKeys.cloud(workId),
    queryFn: async ({ signal }) => (await (await loadCloudApi()).list({ censoredId: workId }, signal)).rows,
    enabled: vip,
  });
  const request = useMutation({
    mutationFn: async () =>
      (await (await loadCloudApi()).request({ censoredId: workId, url: window.location.href })).data,
    onSuccess: (data) => {
      queryClient.setQueryData(detailKeys.cloud(workId), [data]);
      showToast({ icon: 'success', content: CLOUD_TEXT.cloudSubmitted });
    },
    onError: (error) => {
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
    },
  });
  if (!current.data) return null;
  const state = cloudState(requests.data);

  function tap() {
    if (state === 'none') request.mutate();
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
      loading={request.isPending}
      data-testid="cloud-download"
      data-state={state}
      onClick={tap}
    >
      {state === 'done' ? <CircleCheckIcon /> : state === 'requested' ? <ClockIcon /> : <DownloadIcon />}
      <span>{label}</span>
    </Button>
  );
}
