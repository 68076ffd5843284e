import {
  auditEntryResponse,
  type AuditQuery,
  auditResponse,
  fillPath,
  STAFF_API,
  STAFF_TRUST_LIMITS,
} from '@yingku/contract';
import type { ListQuery } from '../../../api/admin';
// The console's client: refusals for want of a second factor, a re-confirmation or a permission are said its way.
import { reconfirmingApi as api } from '../../../api/reconfirming-client';
import { dispositionName } from '../../../api/disposition-name';
import type { AuditFilter } from './audit-model';

/** 操作日志's calls (/v2/admin/audit…, `audit.read`): read and exported, never changed. */
export const auditApi = {
  /** Entries newest first, narrowed by the filters. */
  list: (query: ListQuery<AuditQuery>, signal?: AbortSignal) =>
    api.get(
      STAFF_API.audit,
      { pageSize: STAFF_TRUST_LIMITS.auditPageSize, ...query },
      { schema: auditResponse, signal },
    ),
  entry: (id: string, signal?: AbortSignal) =>
    api.get(fillPath(STAFF_API.auditEntry, { id }), {}, { schema: auditEntryResponse, signal }),
  /** The entries the filters match as CSV (newest first, STAFF_TRUST_LIMITS.auditCsvMax at most). */
  exportCsv: async (filter: AuditFilter) => {
    const { blob, disposition } = await api.postForFile(STAFF_API.auditExport, { ...filter });
    return { blob, fileName: dispositionName(disposition) };
  },
};
