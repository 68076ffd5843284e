import type { StaffPackageRow } from '@yingku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CenterPopup, Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { SwitchButton } from '../../../components/switch-button/switch-button';
import { useState } from 'react';
import { adminApi } from '../../../api/admin';
import { adminKeys } from '../admin-keys';
import { ADMIN_TEXT } from '../texts';
import {
  NEW_PACKAGE,
  newPackageBody,
  packageChanges,
  type PackageFormValues,
  packageFormValues,
} from './package-form';
import styles from '../admin.module.css';

type TextField = Exclude<keyof PackageFormValues, 'onSale'>;

const FIELDS: readonly { key: TextField; label: string; inputMode?: 'decimal' | 'numeric' }[] = [
  { key: 'name', label: ADMIN_TEXT.packageName },
  { key: 'remark', label: ADMIN_TEXT.packageRemark },
  { key: 'price', label: ADMIN_TEXT.price, inputMode: 'decimal' },
  { key: 'origPrice', label: ADMIN_TEXT.origPrice, inputMode: 'decimal' },
  { key: 'days', label: ADMIN_TEXT.days, inputMode: 'numeric' },
  { key: 'sort', label: ADMIN_TEXT.sort, inputMode: 'numeric' },
];

/**
 * 编辑套餐 / 新增套餐: name, remark, price, original price, days, sort and 在售. Checked here with
 * the contract's schema first; the server's refusals (同名的在售套餐, 原价不能低于现价…) are toasts.
 */
export function PackageDialog({ row, onClose }: { row: StaffPackageRow | undefined; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PackageFormValues>(() => (row ? packageFormValues(row) : NEW_PACKAGE));

  /** The call that saves the form, or why it cannot be sent. */
  function prepare(): (() => Promise<unknown>) | string {
    if (row) {
      const changes = packageChanges(row, values);
      return changes.ok ? () => adminApi.updatePackage(row.id, changes.body) : changes.message;
    }
    const created = newPackageBody(values);
    return created.ok ? () => adminApi.createPackage(created.body) : created.message;
  }

  // A refusal needs nothing here: the client has shown the server's reason, and the dialog stays
  // open to correct it.
  const saving = useMutation({
    mutationFn: (send: () => Promise<unknown>) => send(),
    onSuccess: async () => {
      Toast.show({ icon: 'success', content: row ? ADMIN_TEXT.saved : ADMIN_TEXT.added });
      await queryClient.invalidateQueries({ queryKey: adminKeys.packages });
      onClose();
    },
  });

  function save() {
    const send = prepare();
    if (typeof send === 'string') Toast.show({ content: send });
    else saving.mutate(send);
  }

  return (
    <CenterPopup visible onMaskClick={onClose} bodyClassName={styles.dialog}>
      <div className={styles.form} data-testid="package-dialog">
        <h3 className={styles.dialogTitle}>{row ? ADMIN_TEXT.editPackage : ADMIN_TEXT.addPackage}</h3>
        {FIELDS.map((field) => (
          <label key={field.key} className={styles.field}>
            <span>{field.label}</span>
            <input
              className={styles.input}
              name={field.key}
              inputMode={field.inputMode}
              value={values[field.key]}
              onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
            />
          </label>
        ))}
        <div className={styles.filter}>
          <span aria-hidden="true">{ADMIN_TEXT.onSale}</span>
          <SwitchButton
            checked={values.onSale}
            onChange={(onSale) => setValues({ ...values, onSale })}
            label={ADMIN_TEXT.onSale}
          />
        </div>
        <div className={styles.actions}>
          <Button onClick={onClose}>{ADMIN_TEXT.cancel}</Button>
          <Button color="primary" loading={saving.isPending} onClick={save}>
            {ADMIN_TEXT.save}
          </Button>
        </div>
      </div>
    </CenterPopup>
  );
}
