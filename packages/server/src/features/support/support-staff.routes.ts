import {
  MSG,
  replyBody,
  staffConversationResponse,
  staffInboxQuery,
  staffInboxResponse,
  staffThreadParams,
  staffThreadResponse,
  STAFF_API,
} from '@yingku/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, permissionGuard } from '../../http/auth';
import { ok, table } from '../../http/envelope';
import { supportErrors } from './support.routes';
import type { SupportService } from './support.service';

export interface SupportStaffRouteDeps {
  support: SupportService;
  auth: Authenticator;
}

/**
 * Customer service's console (/v2/admin/messages…): inbox, any thread, reply, close. For
 * `support.threads` (客服, 管理员), checked on every call before the input is read.
 */
export async function supportStaffRoutes(
  app: FastifyInstance,
  { support: service, auth }: SupportStaffRouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = permissionGuard(auth, 'support.threads');

  r.get(
    STAFF_API.inbox,
    {
      ...staff.hook,
      schema: {
        summary: 'Staff inbox: threads awaiting a reply first (longest waiting first), or one status',
        querystring: staffInboxQuery,
        response: { 200: staffInboxResponse, ...supportErrors },
      },
    },
    async (request) => {
      await staff.caller(request);
      const { status, pageNum, pageSize } = request.query;
      const { rows, total } = await service.inbox(status, pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.get(
    STAFF_API.thread,
    {
      ...staff.hook,
      schema: {
        summary: "Any user's thread and its conversation, oldest first; the user's new-reply mark stays",
        params: staffThreadParams,
        response: { 200: staffConversationResponse, ...supportErrors },
      },
    },
    async (request) => {
      await staff.caller(request);
      return ok(await service.staffConversation(request.params.id));
    },
  );

  r.post(
    STAFF_API.reply,
    {
      ...staff.hook,
      schema: {
        summary: 'Replies in an open thread: it becomes 1 (new reply) for its user',
        params: staffThreadParams,
        body: replyBody,
        response: { 200: staffThreadResponse, ...supportErrors },
      },
    },
    async (request) => {
      const caller = await staff.caller(request);
      return ok(await service.reply(caller, request.params.id, request.body.message), MSG.submitted);
    },
  );

  r.post(
    STAFF_API.close,
    {
      ...staff.hook,
      schema: {
        summary: 'Closes a thread (status 9); closing again changes nothing',
        params: staffThreadParams,
        response: { 200: staffThreadResponse, ...supportErrors },
      },
    },
    async (request) => {
      const caller = await staff.caller(request);
      return ok(await service.staffClose(caller, request.params.id), MSG.topicClosed);
    },
  );
}
