import {
  auditEntryParams,
  auditEntryResponse,
  auditExportBody,
  auditQuery,
  auditResponse,
  STAFF_API,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { errorResponses, ok, table } from '../../http/envelope';
import type { StaffAudit } from './audit.service';

export interface AuditRouteDeps {
  audit: StaffAudit;
  auth: Authenticator;
}

const errors = errorResponses(400, 401, 403, 404, 500);

/**
 * 操作日志 (/v2/admin/audit…), for `audit.read` (管理员): the entries by person, action, object
 * and time, one entry, and a CSV of them. Read only: no route changes or removes an entry.
 */
export async function auditRoutes(app: FastifyInstance, { audit, auth }: AuditRouteDeps) {
  const reader = permissionGuard(auth, 'audit.read');
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    STAFF_API.audit,
    {
      ...reader.hook,
      schema: {
        summary: 'Audit log entries, newest first; by staff member, action, object and time',
        querystring: auditQuery,
        response: { 200: auditResponse, ...errors },
      },
    },
    async (request) => {
      await reader.caller(request);
      const { pageNum, pageSize, appId: _appId, isDht: _isDht, ...filter } = request.query;
      const { rows, total } = await audit.list(filter, pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.get(
    STAFF_API.auditEntry,
    {
      ...reader.hook,
      schema: {
        summary: 'One audit log entry',
        params: auditEntryParams,
        response: { 200: auditEntryResponse, ...errors },
      },
    },
    async (request) => {
      await reader.caller(request);
      return ok(await audit.find(request.params.id));
    },
  );

  r.post(
    STAFF_API.auditExport,
    {
      ...reader.hook,
      schema: {
        summary: 'The matching audit log entries as CSV (newest first)',
        body: auditExportBody,
        response: { 200: z.any().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      await reader.caller(request);
      const { appId: _appId, isDht: _isDht, ...filter } = request.body;
      const { fileName, csv } = await audit.exportCsv(filter);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
