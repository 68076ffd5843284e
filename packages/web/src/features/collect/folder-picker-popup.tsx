import { type CollectFolder, MSG } from '@yingku/contract';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { CheckList, DotLoading, Popup, Tag, Toast } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { CircleCheckIcon, LockIcon, PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { libraryApi } from '../../api/library';
import { workCountText } from '../../app/texts';
import sheet from '../../components/popup-sheet/popup-sheet.module.css';
import { showToastAbovePopups } from '../../components/toast/toast-above-popups';
import { foldersOptions, workFoldersOptions } from './collect-queries';
import { collectEditBody, limitSelection, loadedFolders } from './folder-selection';
import { COLLECT_TEXT } from './texts';
import { FOLDER_TEXT } from './folder-texts';
import styles from './collect-popups.module.css';

export interface FolderPickerPopupProps {
  visible: boolean;
  /** The work being collected. */
  dataId: string;
  /** The selection being edited; null: the work's folders as the server has them. */
  selection: string[] | null;
  onSelectionChange: (selection: string[]) => void;
  /** 新建收藏夹: the new-folder popup takes over. */
  onNewFolder: () => void;
  /** Closed without saving. */
  onClose: () => void;
  /** 完成 went through: the work's folders now (none: no longer collected). */
  onSaved: (cateIds: string[]) => void;
}

/**
 * The collect-folder picker (docs/product.md §2, §4): the caller's folders with the work's current ones
 * ticked, at most 5 (a sixth is refused with a toast), 新建收藏夹, and 完成, which makes the
 * selection the work's folders; an empty selection uncollects it (status 9).
 */
export function FolderPickerPopup(props: FolderPickerPopupProps) {
  const { visible, onClose } = props;
  const titleId = useId();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      showCloseButton
      bodyClassName={`${sheet.body} ${styles.body}`}
      aria-labelledby={titleId}
    >
      {visible && <PickerContent {...props} titleId={titleId} />}
    </Popup>
  );
}

function PickerContent(props: FolderPickerPopupProps & { titleId: string }) {
  const { dataId, selection, onSelectionChange, onNewFolder, onSaved, titleId } = props;
  const folders = useInfiniteQuery(foldersOptions());
  const workFolders = useQuery(workFoldersOptions(dataId));
  const current = selection ?? workFolders.data ?? null;
  const save = useMutation({
    mutationFn: (cateIds: string[]) => libraryApi.collectEdit(collectEditBody(dataId, cateIds)),
    onSuccess: (answer) => {
      Toast.show({
        icon: 'success',
        content: answer.data.length ? FOLDER_TEXT.saved : FOLDER_TEXT.uncollected,
      });
      onSaved(answer.data);
    },
  });

  const change = (next: readonly (string | number)[]) => {
    const result = limitSelection(current ?? [], next.map(String));
    if (result.refused) showToastAbovePopups({ content: COLLECT_TEXT.tooManyFolders });
    else onSelectionChange(result.selection);
  };

  return (
    <>
      <header className={`${sheet.header} ${styles.header}`}>
        <h2 id={titleId} className={`${sheet.title} ${styles.title}`}>
          {FOLDER_TEXT.pickerTitle}
        </h2>
        <span className={styles.hint} data-testid="folder-count">
          {current ? FOLDER_TEXT.selectedCount(current.length) : FOLDER_TEXT.pickerHint}
        </span>
      </header>
      <div className={styles.content}>
        {folders.isError || (selection === null && workFolders.isError) ? (
          <LoadFailed
            onRetry={() => {
              if (folders.isError) void folders.refetch();
              if (workFolders.isError) void workFolders.refetch();
            }}
          />
        ) : folders.isPending || current === null ? (
          <Loading />
        ) : (
          <FolderList
            folders={loadedFolders(folders.data.pages)}
            selection={current}
            onChange={change}
            more={folders.hasNextPage ? () => void folders.fetchNextPage() : undefined}
            loadingMore={folders.isFetchingNextPage}
          />
        )}
      </div>
      <footer className={styles.footer}>
        <Button block fill="outline" color="primary" onClick={onNewFolder}>
          <PlusIcon /> {FOLDER_TEXT.newFolder}
        </Button>
        <Button
          block
          color="primary"
          disabled={current === null}
          loading={save.isPending}
          onClick={() => {
            if (current) save.mutate(current);
          }}
        >
          {FOLDER_TEXT.done}
        </Button>
      </footer>
    </>
  );
}

interface FolderListProps {
  folders: CollectFolder[];
  selection: string[];
  onChange: (next: readonly (string | number)[]) => void;
  more?: () => void;
  loadingMore: boolean;
}

function FolderList({ folders, selection, onChange, more, loadingMore }: FolderListProps) {
  if (folders.length === 0) return <p className={styles.state}>{FOLDER_TEXT.noFolders}</p>;
  return (
    <>
      <CheckList
        multiple
        value={selection}
        onChange={onChange}
        className={styles.list}
        extra={(active) =>
          active ? (
            <CircleCheckIcon
              fill="currentColor"
              stroke="var(--adm-color-text-light-solid)"
              className={styles.checkOn}
            />
          ) : (
            <span className={styles.checkOff} />
          )
        }
      >
        {folders.map((folder) => (
          <CheckList.Item
            key={folder.cateId}
            value={folder.cateId}
            data-testid="folder-option"
            data-selected={selection.includes(folder.cateId)}
            description={folder.description || undefined}
          >
            <span className={styles.folderName}>
              <span className={styles.nameText}>{folder.cateName}</span>
              {folder.isDefault === 1 && (
                <Tag color="primary" fill="outline">
                  {FOLDER_TEXT.defaultFolder}
                </Tag>
              )}
              {folder.isPrivate === 1 && (
                <span className={styles.private}>
                  <LockIcon /> {FOLDER_TEXT.privateFolder}
                </span>
              )}
              <span className={styles.count}>{workCountText(folder.count)}</span>
            </span>
          </CheckList.Item>
        ))}
      </CheckList>
      {more && (
        <Button block fill="none" loading={loadingMore} onClick={more}>
          {FOLDER_TEXT.loadMore}
        </Button>
      )}
    </>
  );
}

function Loading() {
  return (
    <div className={styles.state} data-state="loading">
      <DotLoading color="primary" />
      <span>{MSG.loading}</span>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.state} data-state="error">
      <span>{FOLDER_TEXT.loadFailed}</span>
      <Button size="small" onClick={onRetry}>
        {FOLDER_TEXT.retry}
      </Button>
    </div>
  );
}
