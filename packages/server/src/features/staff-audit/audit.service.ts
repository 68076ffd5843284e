import {
  type AuditAction,
  type AuditFilter,
  type AuditObject,
  type AuditRow,
  csvTable,
  STAFF_MSG,
  STAFF_TRUST_LIMITS,
} from '@yingku/contract';
import type { Executor } from '../../db/executor';
import type { StaffCaller } from '../../http/auth';
import { notFound } from '../../http/errors';
import { pageOffset } from '../../http/paging';
import { formatSiteTime } from '../../lib/site-time';
import { createAuditRepo } from './audit.repo';

/** What a change records: what it did to which object, the fields it changed before and after. */
export interface AuditEntry {
  action: AuditAction;
  objectType: AuditObject;
  objectId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/** Writes the audit entry of a console change; call it on the change's own transaction. */
export type AuditRecorder = (actor: StaffCaller, entry: AuditEntry, trx: Executor) => Promise<void>;

const CSV_HEADER = [
  'id',
  'time',
  'actorId',
  'actorName',
  'action',
  'objectType',
  'objectId',
  'before',
  'after',
  'reason',
  'ip',
  'requestId',
];

/**
 * The audit log (decision 071): each console change's entry, written in the same transaction
 * as the change so neither lands without the other; read, filtered and exported by 操作日志.
 * Nothing here, nor anywhere, changes an entry (the table refuses it too).
 */
export function createStaffAudit(db: Executor) {
  const repo = createAuditRepo(db);

  const record: AuditRecorder = (actor, entry, trx) =>
    repo.insert(
      {
        actorId: actor.userId,
        action: entry.action,
        objectType: entry.objectType,
        objectId: entry.objectId,
        before: entry.before ?? null,
        after: entry.after ?? null,
        reason: entry.reason ?? null,
        ip: actor.ip,
        requestId: actor.requestId,
      },
      trx,
    );

  return {
    record,

    async list(
      filter: AuditFilter,
      pageNum: number,
      pageSize: number,
    ): Promise<{ rows: AuditRow[]; total: number }> {
      return repo.list(filter, pageSize, pageOffset(pageNum, pageSize));
    },

    async find(id: string): Promise<AuditRow> {
      const entry = await repo.find(id);
      if (!entry) throw notFound(STAFF_MSG.auditEntryNotFound);
      return entry;
    },

    /** The matching entries as CSV (newest first, at most auditCsvMax), and the file's name. */
    async exportCsv(filter: AuditFilter, now = new Date()): Promise<{ fileName: string; csv: string }> {
      const { rows } = await repo.list(filter, STAFF_TRUST_LIMITS.auditCsvMax, 0);
      const csv = csvTable(
        CSV_HEADER,
        rows.map((row) => [
          row.id,
          row.time,
          row.actorId,
          row.actorName,
          row.action,
          row.objectType,
          row.objectId,
          row.before === null ? null : JSON.stringify(row.before),
          row.after === null ? null : JSON.stringify(row.after),
          row.reason,
          row.ip,
          row.requestId,
        ]),
      );
      const stamp = formatSiteTime(now).replace(/[-: ]/g, '');
      return { fileName: `yingku-audit-${stamp}.csv`, csv };
    },
  };
}

export type StaffAudit = ReturnType<typeof createStaffAudit>;
