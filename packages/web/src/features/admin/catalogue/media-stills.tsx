import { imageUrl, type MediaRow } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { runtimeConfig } from '../../../api/runtime-config';
import { adminKeys } from '../admin-keys';
import { ADMIN_TEXT } from '../texts';
import { mediaApi } from './media-api';
import styles from './videos.module.css';

/**
 * A ready video's frames (made with it), and 用作剧照: they become the work's stills, big and
 * small, as an import would set them. Only for a ready video (the server answers 409 otherwise).
 */
export function MediaStills({ row }: { row: MediaRow }) {
  const queryClient = useQueryClient();
  // A refusal is shown by the client.
  const useStills = useMutation({
    mutationFn: () => mediaApi.useStills(row.id),
    onSuccess: async () => {
      Toast.show({ icon: 'success', content: ADMIN_TEXT.stillsSet });
      await queryClient.invalidateQueries({ queryKey: adminKeys.works });
    },
  });
  if (row.status !== 'ready' || row.stills.length === 0) return null;

  const host = runtimeConfig().imageHost;
  return (
    <div className={styles.stills} data-testid="media-stills">
      <ul className={styles.stillStrip} aria-label={ADMIN_TEXT.stillsLabel}>
        {row.stills.map((still, i) => (
          <li key={still}>
            <img src={imageUrl(still, host)} alt={ADMIN_TEXT.stillAlt(i + 1)} loading="lazy" />
          </li>
        ))}
      </ul>
      <Button size="mini" fill="outline" disabled={useStills.isPending} onClick={() => useStills.mutate()}>
        {ADMIN_TEXT.useStills}
      </Button>
    </div>
  );
}
