import { type CollectFolder, LIMITS } from '@yingku/contract';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Popup, TextArea } from 'antd-mobile';
import { Button } from '../../components/button/button';
import { useId } from 'react';
import { libraryApi } from '../../api/library';
import sheet from '../../components/popup-sheet/popup-sheet.module.css';
import { SwitchButton } from '../../components/switch-button/switch-button';
import { type FolderDraft, folderDescriptionError, folderNameError, newFolderBody } from './folder-selection';
import { FOLDER_TEXT } from './folder-texts';
import styles from './collect-popups.module.css';

export interface NewFolderPopupProps {
  visible: boolean;
  /** The work the folder is made for. */
  dataId: string;
  onCreated: (folder: CollectFolder) => void;
  onCancel: () => void;
}

/** A form rule from a check that answers the refusal text, or undefined when the value is fine. */
const ruleOf = (check: (value: string | undefined) => string | undefined) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const error = check(value);
    if (error) throw new Error(error);
  },
});

/**
 * The new-folder popup (docs/product.md §2, §4, §5): name (required, 收藏夾名字未填写; at most 30),
 * description (at most 200), private switch. Creating it hands the folder to `onCreated`,
 * which closes this popup and goes back to the picker with the folder selected.
 */
export function NewFolderPopup({ visible, dataId, onCreated, onCancel }: NewFolderPopupProps) {
  const titleId = useId();
  const create = useMutation({
    mutationFn: (draft: FolderDraft) => libraryApi.createFolder(newFolderBody(draft, dataId)),
    onSuccess: (answer) => onCreated(answer.data),
  });

  return (
    <Popup
      visible={visible}
      onMaskClick={onCancel}
      onClose={onCancel}
      destroyOnClose
      showCloseButton
      bodyClassName={`${sheet.body} ${styles.body}`}
      aria-labelledby={titleId}
    >
      <header className={`${sheet.header} ${styles.header}`}>
        <h2 id={titleId} className={`${sheet.title} ${styles.title}`}>
          {FOLDER_TEXT.newFolderTitle}
        </h2>
      </header>
      <Form
        className={styles.form}
        layout="horizontal"
        initialValues={{ cateName: '', description: '', isPrivate: false }}
        onFinish={(draft: FolderDraft) => create.mutate(draft)}
        footer={
          <div className={styles.formFooter}>
            <Button block fill="outline" onClick={onCancel}>
              {FOLDER_TEXT.cancel}
            </Button>
            <Button block type="submit" color="primary" loading={create.isPending}>
              {FOLDER_TEXT.create}
            </Button>
          </div>
        }
      >
        <Form.Item name="cateName" label={FOLDER_TEXT.folderName} required rules={[ruleOf(folderNameError)]}>
          <Input placeholder={FOLDER_TEXT.folderNamePlaceholder} maxLength={LIMITS.folderNameMax} clearable />
        </Form.Item>
        <Form.Item
          name="description"
          label={FOLDER_TEXT.description}
          rules={[ruleOf(folderDescriptionError)]}
        >
          <TextArea
            placeholder={FOLDER_TEXT.descriptionPlaceholder}
            maxLength={LIMITS.folderDescriptionMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
        </Form.Item>
        <Form.Item
          name="isPrivate"
          label={FOLDER_TEXT.isPrivate}
          valuePropName="checked"
          childElementPosition="right"
        >
          <SwitchButton label={FOLDER_TEXT.isPrivate} />
        </Form.Item>
      </Form>
    </Popup>
  );
}
