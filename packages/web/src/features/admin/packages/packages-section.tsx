import type { StaffPackageRow } from '@yingku/contract';
import { Tag } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { useState } from 'react';
import { shownTime } from '../admin-model';
import { useStaffPackages } from '../admin-queries';
import { Panel, QueryState, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { PackageDialog } from './package-dialog';
import styles from '../admin.module.css';

/** What the dialog edits: a package, or a new one. */
type Editing = { row: StaffPackageRow } | { row: undefined } | undefined;

/** VIP套餐: every package, withdrawn ones too, in the shop's order; 编辑 and 新增套餐. */
export function PackagesSection() {
  const packages = useStaffPackages();
  const [editing, setEditing] = useState<Editing>();

  return (
    <Panel
      title={ADMIN_TEXT.packages}
      testId="packages"
      extra={
        <Button size="small" color="primary" onClick={() => setEditing({ row: undefined })}>
          {ADMIN_TEXT.addPackage}
        </Button>
      }
    >
      <QueryState status={packages.status} data={packages.data} onRetry={packages.refetch}>
        {(data) => (
          <Table testId="packages-table">
            <thead>
              <tr>
                <th>{ADMIN_TEXT.packageName}</th>
                <th>{ADMIN_TEXT.packageRemark}</th>
                <th>{ADMIN_TEXT.colPrice}</th>
                <th>{ADMIN_TEXT.colOrigPrice}</th>
                <th>{ADMIN_TEXT.colDays}</th>
                <th>{ADMIN_TEXT.colSort}</th>
                <th>{ADMIN_TEXT.colOnSale}</th>
                <th>{ADMIN_TEXT.colCreated}</th>
                <th>{ADMIN_TEXT.colActions}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} data-package={row.name}>
                  <td>{row.name}</td>
                  <td className={styles.wrap}>{row.remark || ADMIN_TEXT.none}</td>
                  <td>¥{row.currentPrice}</td>
                  <td>¥{row.origPrice}</td>
                  <td>{row.days}</td>
                  <td>{row.sort}</td>
                  <td>
                    <Tag color={row.status === 0 ? 'success' : 'default'} fill="outline">
                      {row.status === 0 ? ADMIN_TEXT.onSale : ADMIN_TEXT.offSale}
                    </Tag>
                  </td>
                  <td>{shownTime(row.createTime)}</td>
                  <td>
                    <Button size="mini" color="primary" fill="outline" onClick={() => setEditing({ row })}>
                      {ADMIN_TEXT.edit}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </QueryState>
      {editing && (
        <PackageDialog
          key={editing.row?.id ?? 'new'}
          row={editing.row}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Panel>
  );
}
