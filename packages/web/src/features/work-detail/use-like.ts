import { useQueryClient } from '@tanstack/react-query';
import { useCall } from '../../api/use-call';
import { loadLibraryApi } from '../collect/collect-queries';
import { sessionKeys } from '../../session/session-end';
import { likeChange, type LikeChange } from './work-detail-model';
import { setWorkFlags, workDetailOptions } from './work-detail-query';

/**
 * Like / unlike of a work, optimistically: the detail's flag flips at once (a detail call on its
 * way is cancelled first, so its older answer cannot flip it back), the call is sent, the
 * server's answer sets the flag, and a failure puts back the detail as it was (a visitor's 403
 * brings the client's login dialog). The liked lists are asked again either way; the detail is
 * not, the answer being its new flag. Taps while a call is on its way are ignored, so the shown
 * flag always follows the last answer.
 */
export function useLike(id: string, liked: boolean): () => void {
  const queryClient = useQueryClient();
  const { queryKey } = workDetailOptions(id);
  const like = useCall({
    call: async ({ status }: LikeChange) => (await loadLibraryApi()).like({ dataId: id, status }),
    before: async (change: LikeChange) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      setWorkFlags(queryClient, id, { like: change.liked });
      return before;
    },
    onSuccess: (answer) => setWorkFlags(queryClient, id, { like: answer.data.like }),
    onError: (_error, _change, before) => queryClient.setQueryData(queryKey, before),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.library }),
  });
  return () => void like.run(likeChange(liked));
}
