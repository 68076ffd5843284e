import { Button } from '../../components/button/button';
import { StarIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useOpenedOnce, useSlideIn } from '../../components/feedback/lazy-feedback';
import type { FolderPickerPopupProps } from './folder-picker-popup';
import type { NewFolderPopupProps } from './new-folder-popup';
import { COLLECT_TEXT } from './texts';
import { useCollect, type UseCollectOptions } from './use-collect';
import styles from './collect-control.module.css';

// The folder picker and the new-folder form (antd-mobile's Popup, Form, inputs: ≈ 60 KiB gzip)
// load when first opened, not with the work detail's first screen (decision 028).
const FolderPicker = lazy(async () => ({
  default: (await import('./folder-picker-popup')).FolderPickerPopup,
}));
const NewFolder = lazy(async () => ({ default: (await import('./new-folder-popup')).NewFolderPopup }));

function SlidingFolderPicker(props: FolderPickerPopupProps) {
  return <FolderPicker {...props} visible={useSlideIn(props.visible)} />;
}

function SlidingNewFolder(props: NewFolderPopupProps) {
  return <NewFolder {...props} visible={useSlideIn(props.visible)} />;
}

function FolderPickerPopup(props: FolderPickerPopupProps) {
  if (!useOpenedOnce(props.visible)) return null;
  return (
    <Suspense fallback={null}>
      <SlidingFolderPicker {...props} />
    </Suspense>
  );
}

function NewFolderPopup(props: NewFolderPopupProps) {
  if (!useOpenedOnce(props.visible)) return null;
  return (
    <Suspense fallback={null}>
      <SlidingNewFolder {...props} />
    </Suspense>
  );
}

export interface CollectControlProps extends UseCollectOptions {
  /** The button's texts: collect and collected. */
  labels: { collect: string; collected: string };
  className?: string;
}

/**
 * The collect button of the work detail (docs/product.md §2, §4) with what it opens: the 5-second
 * 已添加到默认收藏夹 message with 更改, the folder picker and the new-folder popup.
 */
export function CollectControl({ labels, className, ...options }: CollectControlProps) {
  const flow = useCollect(options);
  const { collected, dataId } = options;
  return (
    <>
      <Button
        size="mini"
        fill="none"
        color={collected ? 'warning' : 'default'}
        className={className}
        loading={flow.adding}
        aria-pressed={collected}
        data-testid="collect-button"
        onClick={flow.collect}
      >
        {collected ? <StarIcon fill="currentColor" /> : <StarIcon />}
        <span>{collected ? labels.collected : labels.collect}</span>
      </Button>
      {flow.noticeVisible && (
        <div className={styles.notice} role="status">
          <span className={styles.noticeText}>{COLLECT_TEXT.addedToDefault}</span>
          <Button size="mini" color="primary" className={styles.noticeButton} onClick={flow.change}>
            {COLLECT_TEXT.change}
          </Button>
        </div>
      )}
      <FolderPickerPopup
        visible={flow.step === 'picker'}
        dataId={dataId}
        selection={flow.selection}
        onSelectionChange={flow.setSelection}
        onNewFolder={flow.newFolder}
        onClose={flow.closePicker}
        onSaved={flow.saved}
      />
      <NewFolderPopup
        visible={flow.step === 'newFolder'}
        dataId={dataId}
        onCreated={flow.folderCreated}
        onCancel={flow.cancelNewFolder}
      />
    </>
  );
}
