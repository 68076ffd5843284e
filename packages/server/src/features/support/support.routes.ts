import {
  API,
  closeMessageBody,
  conversationResponse,
  createMessageBody,
  createMessageResponse,
  followUpBody,
  messageListQuery,
  messageListResponse,
  messageThreadParams,
  messageThreadResponse,
  MSG,
} from '@yingku/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../../http/auth';
import { errorResponses, ok, table } from '../../http/envelope';
import type { SupportService } from './support.service';

export interface SupportRouteDeps {
  support: SupportService;
  auth: Authenticator;
}

export const supportErrors = errorResponses(400, 401, 403, 404, 429, 500);

/**
 * The caller's customer-service threads (docs/product.md §7 /v2/message…): ask, follow up, list, read, close.
 */
export async function supportRoutes(app: FastifyInstance, { support: service, auth }: SupportRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Who calls is settled before the input is read (a visitor gets the login dialog's 403).
  const loggedIn = {
    preValidation: async (request: FastifyRequest) => {
      await auth.required(request);
    },
  };

  r.post(
    API.messageCreate,
    {
      ...loggedIn,
      schema: {
        summary: 'Asks customer service a question: a new thread awaiting a reply (msg 提交成功)',
        body: createMessageBody,
        response: { 200: createMessageResponse, ...supportErrors },
      },
    },
    async (request) => {
      const { userId } = await auth.required(request);
      return ok(await service.ask(userId, request.body.message), MSG.submitted);
    },
  );

  r.post(
    API.messageFollowUp,
    {
      ...loggedIn,
      schema: {
        summary: "A follow-up in the caller's own open thread; it awaits a reply again",
        body: followUpBody,
        response: { 200: messageThreadResponse, ...supportErrors },
      },
    },
    async (request) => {
      const { userId } = await auth.required(request);
      const { messageId, message } = request.body;
      return ok(await service.followUp(userId, messageId, message), MSG.submitted);
    },
  );

  r.get(
    API.messageList,
    {
      ...loggedIn,
      schema: {
        summary: "The caller's threads, newest activity first (status 0 awaiting, 1 new reply, 9 closed)",
        querystring: messageListQuery,
        response: { 200: messageListResponse, ...supportErrors },
      },
    },
    async (request) => {
      const { userId } = await auth.required(request);
      const { pageNum, pageSize } = request.query;
      const { rows, total } = await service.userThreads(userId, pageNum, pageSize);
      return table(rows, total);
    },
  );

  r.get(
    API.messageThread,
    {
      ...loggedIn,
      schema: {
        summary:
          "The caller's conversation, oldest first (type 0 user, 1 customer service); marks a new reply seen",
        params: messageThreadParams,
        response: { 200: conversationResponse, ...supportErrors },
      },
    },
    async (request) => {
      const { userId } = await auth.required(request);
      const rows = await service.conversation(userId, request.params.id);
      return table(rows, rows.length);
    },
  );

  r.post(
    API.messageClose,
    {
      ...loggedIn,
      schema: {
        summary: "Closes the caller's thread (status 9; msg 已关闭该话题); closing again changes nothing",
        body: closeMessageBody,
        response: { 200: messageThreadResponse, ...supportErrors },
      },
    },
    async (request) => {
      const { userId } = await auth.required(request);
      return ok(await service.close(userId, request.body.id), MSG.topicClosed);
    },
  );
}
