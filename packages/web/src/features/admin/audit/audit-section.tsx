import { type AuditRow, STAFF_TRUST_LIMITS } from '@yingku/contract';
import { useMutation } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { downloadFile } from '../../../components/feedback/download-file';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { sectionPath } from '../admin-model';
import { useAuditLog } from '../admin-queries';
import { Pager, Panel, QueryState, Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { auditApi } from './audit-api';
import { AuditEntryDialog } from './audit-entry-dialog';
import { AuditFilters } from './audit-filters';
import { AUDIT_CSV_NAME, type AuditFilter, auditActionLabel, auditObjectLabel } from './audit-model';
import { AUDIT_TEXT } from './texts';
import styles from '../admin.module.css';
import auditStyles from './audit.module.css';

/**
 * 操作日志 (管理员, `audit.read`): every console change, newest first, narrowed by who, what, which
 * object and when; `/admin/audit/{id}` opens an entry's detail over the list. 导出CSV downloads
 * the entries the applied filters match.
 */
export function AuditSection() {
  const { entryId } = useParams();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const log = useAuditLog({ ...filter, pageNum: page });
  // A refusal (a time the server cannot read) is the client's toast.
  const exportCsv = useMutation({
    mutationFn: (applied: AuditFilter) => auditApi.exportCsv(applied),
    onSuccess: ({ blob, fileName }) => {
      downloadFile(fileName || AUDIT_CSV_NAME, blob);
      Toast.show({ icon: 'success', content: AUDIT_TEXT.exported });
    },
  });
  const open = (id: string) => void navigate(sectionPath('audit', id));

  return (
    <>
      <Panel
        title={ADMIN_TEXT.audit}
        testId="audit"
        extra={
          <Button
            size="small"
            color="primary"
            fill="outline"
            loading={exportCsv.isPending}
            data-testid="audit-export"
            onClick={() => exportCsv.mutate(filter)}
          >
            {AUDIT_TEXT.exportCsv}
          </Button>
        }
      >
        <AuditFilters
          onApply={(applied) => {
            setFilter(applied);
            setPage(1);
          }}
        />
        <QueryState status={log.status} data={log.data} onRetry={log.refetch}>
          {(data) => (
            <>
              <Table testId="audit-table">
                <thead>
                  <tr>
                    <th>{AUDIT_TEXT.colTime}</th>
                    <th>{AUDIT_TEXT.colActor}</th>
                    <th>{AUDIT_TEXT.colAction}</th>
                    <th>{AUDIT_TEXT.colObject}</th>
                    <th>{AUDIT_TEXT.colReason}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((row) => (
                    <AuditLine key={row.id} row={row} selected={row.id === entryId} onOpen={open} />
                  ))}
                </tbody>
              </Table>
              <Pager
                page={page}
                total={data.total}
                pageSize={STAFF_TRUST_LIMITS.auditPageSize}
                onChange={setPage}
              />
            </>
          )}
        </QueryState>
      </Panel>
      {entryId && (
        <AuditEntryDialog
          key={entryId}
          id={entryId}
          initial={log.data?.rows.find((row) => row.id === entryId)}
          onClose={() => void navigate(sectionPath('audit'))}
        />
      )}
    </>
  );
}

/** One entry in the list: tapping it opens its detail. */
function AuditLine(props: { row: AuditRow; selected: boolean; onOpen: (id: string) => void }) {
  const { row } = props;
  return (
    <tr
      className={auditStyles.row}
      data-testid="audit-row"
      data-entry={row.id}
      data-action={row.action}
      data-selected={props.selected || undefined}
      onClick={() => props.onOpen(row.id)}
    >
      <td className={styles.mono}>{row.time}</td>
      <td>
        {row.actorName}
        <div className={`${styles.weak} ${styles.mono}`}>{row.actorId}</div>
      </td>
      <td>
        {/* The row opens it too; the link is there for the keyboard and a new tab. */}
        <Link to={sectionPath('audit', row.id)} onClick={(event) => event.stopPropagation()}>
          {auditActionLabel(row.action)}
        </Link>
      </td>
      <td>
        {auditObjectLabel(row.objectType)}
        <div className={`${styles.weak} ${styles.mono}`}>{row.objectId}</div>
      </td>
      <td className={auditStyles.reason}>{row.reason ?? ADMIN_TEXT.none}</td>
    </tr>
  );
}
