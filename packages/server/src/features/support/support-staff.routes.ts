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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Authenticator, requireRole } from '../../http/auth';
import { ok, table } from '../../http/envelope';
import { supportErrors } from './support.routes';
import type { SupportService } from './support.service';

export interface SupportStaffRouteDeps {
  support: SupportService;
  auth: Authenticator;
}

/**
 * Customer service's console (/v2/admin/messages…): inbox, any thread, reply, close. Staff or
 * admin only, checked on every call before the input is read: a visitor gets the login
 * dialog's 403, a member 403 SERVER_MSG.staffOnly, and nothing changes.
 */
export async function supportStaffRoutes(
  app: FastifyInstance,
  { support: service, auth }: SupportStaffRouteDeps,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staffOnly = {
    preValidation: async (request: FastifyRequest) => {
      requireRole(await auth.required(request), 'staff');
    },
  };
  /** The staff caller (the hook has checked the role; checked again so no route can miss it). */
  const staff = async (request: FastifyRequest) => {
    const caller = await auth.required(request);
    requireRole(caller, 'staff');
    return caller;
  };

  r.get(
    STAFF_API.inbox,
    {
      ...staffOnly,
      schema: {
        summary: 'Staff inbox: threads awaiting a reply first (longest waiting first), or one status',
        querystring: staffInboxQuery,
        response: { 200: staffInboxResponse, ...supportErrors },
      },
    },
    async (request) => {
      await staff(request);
      const { status, pageNum, pageSize } = request.query;
      const { rows, total } = await service.inbox(status, pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.get(
    STAFF_API.thread,
    {
      ...staffOnly,
      schema: {
        summary: "Any user's thread and its conversation, oldest first; the user's new-reply mark stays",
        params: staffThreadParams,
        response: { 200: staffConversationResponse, ...supportErrors },
      },
    },
    async (request) => {
      await staff(request);
      return ok(await service.staffConversation(request.params.id));
    },
  );

  r.post(
    STAFF_API.reply,
    {
      ...staffOnly,
      schema: {
        summary: 'Replies in an open thread: it becomes 1 (new reply) for its user',
        params: staffThreadParams,
        body: replyBody,
        response: { 200: staffThreadResponse, ...supportErrors },
      },
    },
    async (request) => {
      const { userId } = await staff(request);
      return ok(await service.reply(userId, request.params.id, request.body.message), MSG.submitted);
    },
  );

  r.post(
    STAFF_API.close,
    {
      ...staffOnly,
      schema: {
        summary: 'Closes a thread (status 9); closing again changes nothing',
        params: staffThreadParams,
        response: { 200: staffThreadResponse, ...supportErrors },
      },
    },
    async (request) => {
      await staff(request);
      return ok(await service.staffClose(request.params.id), MSG.topicClosed);
    },
  );
}
