import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { LIBRARY_KEY, loadLibraryApi } from '../collect/collect-queries';
import { likeChange } from './work-detail-model';
import { setWorkFlags } from './work-detail-query';

/**
 * Like / unlike of a work: flips the detail's flag at once, sends it, and puts the flag back
 * when the call fails (a visitor's 403 brings the client's login dialog). Taps while a call is
 * on its way are ignored, so the shown flag always follows the last answer.
 */
export function useLike(id: string, liked: boolean): () => void {
  const queryClient = useQueryClient();
  const sending = useRef(false);
  return useCallback(() => {
    if (sending.current) return;
    sending.current = true;
    const change = likeChange(liked);
    setWorkFlags(queryClient, id, { like: change.liked });
    loadLibraryApi()
      .then((libraryApi) => libraryApi.like({ dataId: id, status: change.status }))
      .then(
        (answer) => {
          setWorkFlags(queryClient, id, { like: answer.data.like });
          void queryClient.invalidateQueries({ queryKey: LIBRARY_KEY });
        },
        () => setWorkFlags(queryClient, id, { like: liked }),
      )
      .finally(() => (sending.current = false));
  }, [queryClient, id, liked]);
}
