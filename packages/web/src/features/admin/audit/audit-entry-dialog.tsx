import type { AuditRow } from '@yingku/contract';
import { CenterPopup, DotLoading } from 'antd-mobile';
import { Button } from '../../../components/button/button';
import { ErrorBlock } from '../../../components/error-block/error-block';
import { useAuditEntry } from '../admin-queries';
import { Table } from '../console-parts';
import { ADMIN_TEXT } from '../texts';
import { auditActionLabel, auditChanges, auditObjectLabel } from './audit-model';
import { AUDIT_TEXT } from './texts';
import styles from '../admin.module.css';
import auditStyles from './audit.module.css';

/**
 * One entry's detail: who did what to which object, when, why, from where (IP, request id),
 * and each changed field before → after. Opened from the list it shows that row at once.
 */
export function AuditEntryDialog(props: { id: string; initial: AuditRow | undefined; onClose: () => void }) {
  const entry = useAuditEntry(props.id, props.initial);
  return (
    <CenterPopup visible onMaskClick={props.onClose} bodyClassName={styles.dialog}>
      <div className={styles.form} data-testid="audit-entry" data-entry={props.id}>
        <h3 className={styles.dialogTitle}>{AUDIT_TEXT.entryTitle}</h3>
        {entry.data ? (
          <EntryDetail row={entry.data} />
        ) : entry.isError ? (
          // The client has already said why (日志不存在…).
          <ErrorBlock status="default" title={AUDIT_TEXT.entryFailed} description="" data-state="error">
            <Button size="small" onClick={() => void entry.refetch()}>
              {ADMIN_TEXT.retry}
            </Button>
          </ErrorBlock>
        ) : (
          <div className={styles.state} data-state="loading">
            <DotLoading />
          </div>
        )}
        <div className={styles.actions}>
          <Button onClick={props.onClose}>{ADMIN_TEXT.close}</Button>
        </div>
      </div>
    </CenterPopup>
  );
}

function EntryDetail({ row }: { row: AuditRow }) {
  const changes = auditChanges(row.before, row.after);
  return (
    <>
      <dl className={auditStyles.meta}>
        <dt>{AUDIT_TEXT.time}</dt>
        <dd className={styles.mono}>{row.time}</dd>
        <dt>{AUDIT_TEXT.actor}</dt>
        <dd>
          {row.actorName} <span className={`${styles.weak} ${styles.mono}`}>{row.actorId}</span>
        </dd>
        <dt>{AUDIT_TEXT.action}</dt>
        <dd data-testid="audit-entry-action">{auditActionLabel(row.action)}</dd>
        <dt>{AUDIT_TEXT.object}</dt>
        <dd>
          {auditObjectLabel(row.objectType)} <span className={styles.mono}>{row.objectId}</span>
        </dd>
        <dt>{AUDIT_TEXT.reason}</dt>
        <dd data-testid="audit-entry-reason">{row.reason ?? ADMIN_TEXT.none}</dd>
        <dt>{AUDIT_TEXT.ip}</dt>
        <dd className={styles.mono} data-testid="audit-entry-ip">
          {row.ip || ADMIN_TEXT.none}
        </dd>
        <dt>{AUDIT_TEXT.requestId}</dt>
        <dd className={styles.mono} data-testid="audit-entry-request">
          {row.requestId || ADMIN_TEXT.none}
        </dd>
      </dl>
      <h4 className={auditStyles.subheading}>{AUDIT_TEXT.changes}</h4>
      {changes.length === 0 ? (
        <p className={styles.weak}>{AUDIT_TEXT.noChanges}</p>
      ) : (
        <Table testId="audit-changes">
          <thead>
            <tr>
              <th>{AUDIT_TEXT.field}</th>
              <th>{AUDIT_TEXT.before}</th>
              <th>{AUDIT_TEXT.after}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field} data-field={change.field}>
                <td>
                  {change.label}
                  {change.label !== change.field && (
                    <span className={`${auditStyles.fieldKey} ${styles.weak} ${styles.mono}`}>
                      {change.field}
                    </span>
                  )}
                </td>
                <td className={`${auditStyles.value} ${styles.mono}`}>{change.before}</td>
                <td className={`${auditStyles.value} ${styles.mono}`}>{change.after}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
