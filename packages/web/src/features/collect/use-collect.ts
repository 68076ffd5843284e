import { type CollectFolder, LIMITS } from '@yingku/contract';
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { libraryApi } from '../../api/library';
import { useCall } from '../../api/use-call';
import { showToastAbovePopups } from '../../components/toast/toast-above-popups';
import { afterCollectWrite, foldersOptions, loadLibraryApi, workFoldersOptions } from './collect-queries';
import { COLLECT_TEXT } from './texts';

/** Which collect popup is open. */
export type CollectStep = 'closed' | 'picker' | 'newFolder';

export interface UseCollectOptions {
  dataId: string;
  /** The work's collect flag as the detail answered it. */
  collected: boolean;
  /** The work's collect flag changed on the server (the detail page updates its copy). */
  onCollectedChange: (collected: boolean) => void;
}

/**
 * The collect flow of docs/product.md §4. Tapping collect on a work not collected adds it to the default
 * folder and shows the 5-second message with 更改; on a collected work it opens the picker.
 * The picker's selection lives here, so it survives a trip to the new-folder popup, which
 * comes back with the new folder selected.
 */
export function useCollect({ dataId, collected, onCollectedChange }: UseCollectOptions) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<CollectStep>('closed');
  const [selection, setSelection] = useState<string[] | null>(null);
  const [noticeKey, setNoticeKey] = useState<number | null>(null);

  useEffect(() => {
    if (noticeKey === null) return;
    const timer = window.setTimeout(() => setNoticeKey(null), LIMITS.addedMessageMs);
    return () => window.clearTimeout(timer);
  }, [noticeKey]);

  const add = useCall({
    call: async () => (await loadLibraryApi()).collectAdd({ dataId }),
    onSuccess: (answer) => {
      afterCollectWrite(queryClient, dataId, answer.data);
      onCollectedChange(answer.data.length > 0);
      setNoticeKey(Date.now());
    },
  });

  const openPicker = () => {
    setNoticeKey(null);
    setSelection(null);
    setStep('picker');
  };

  return {
    step,
    selection,
    /** Whether the 已添加到默认收藏夹 message is showing. */
    noticeVisible: noticeKey !== null,
    adding: add.pending,
    /** The collect control was tapped. */
    collect: () => {
      if (add.pending) return;
      if (collected) openPicker();
      else void add.run();
    },
    /** 更改 on the message. */
    change: openPicker,
    closePicker: () => setStep('closed'),
    setSelection,
    newFolder: () => {
      // Keep what the picker showed: the new folder is added to it.
      setSelection(selection ?? queryClient.getQueryData(workFoldersOptions(dataId).queryKey) ?? []);
      setStep('newFolder');
    },
    cancelNewFolder: () => setStep('picker'),
    folderCreated: (folder: CollectFolder) => {
      showCreatedFolder(queryClient, folder);
      // The selection rules come with the new-folder form (and its zod field checks), which has
      // loaded them by now: not with the detail's first screen (decision 028).
      void import('./folder-selection').then(({ addCreatedFolder }) => {
        const result = addCreatedFolder(selection ?? [], folder.cateId);
        if (result.refused) showToastAbovePopups({ content: COLLECT_TEXT.tooManyFolders });
        setSelection(result.selection);
        setStep('picker');
      });
    },
    saved: (cateIds: string[]) => {
      afterCollectWrite(queryClient, dataId, cateIds);
      onCollectedChange(cateIds.length > 0);
      setStep('closed');
    },
  };
}

type FolderPages = InfiniteData<Awaited<ReturnType<typeof libraryApi.folders>>>;

/** Puts a new folder into the loaded list at once; the picker's refetch then brings the server's order. */
function showCreatedFolder(queryClient: QueryClient, folder: CollectFolder): void {
  queryClient.setQueryData<FolderPages>(foldersOptions().queryKey, (data) => {
    if (!data || data.pages.length === 0) return data;
    const pages = data.pages.map((page, i) =>
      i === data.pages.length - 1 ? { ...page, rows: [...page.rows, folder], total: page.total + 1 } : page,
    );
    return { ...data, pages };
  });
}
