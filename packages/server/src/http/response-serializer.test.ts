import Fastify from 'fastify';
import { type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

const card = z.object({
  id: z.string(),
  title: z.string(),
  modId: z.number().int(),
  isDht: z.number().int(),
});
const page = z.object({
  code: z.number().int(),
  msg: z.string(),
  rows: z.array(card),
  total: z.number().int(),
});
const kind = z.object({ code: z.literal(200), kind: z.enum(['a', 'b']), count: z.number().int() });
const dated = z.object({ at: z.date() });
const video = z.object({ id: z.string(), number: z.string().optional(), status: z.string() });

/** An app answering `body` on each route, with the app's response serialiser. */
async function appAnswering(body: unknown, checked: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked }));
  app.get('/page', { schema: { response: { 200: page } } }, async () => body as never);
  app.get('/kind', { schema: { response: { 200: kind } } }, async () => body as never);
  app.get('/video', { schema: { response: { 200: video } } }, async () => body as never);
  app.get('/dated', { schema: { response: { 200: dated } } }, async () => body as never);
  await app.ready();
  return app;
}

const row = { id: '7', title: '标题 "引号" \u0000 \ud800', modId: 1, isDht: 1 };

describe('the response serialiser', () => {
  it('writes what zod writes, the declared fields only', async () => {
    const secret = { ...row, passwordHash: 'x', email: 'a@b.c' };
    const body = { total: 1, rows: [secret], msg: '操作成功', code: 200, extra: true };
    for (const checked of [false, true]) {
      const app = await appAnswering(body, checked);
      const answer = await app.inject('/page');
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(JSON.stringify({ code: 200, msg: '操作成功', rows: [row], total: 1 }));
      await app.close();
    }
  });

  it('writes an optional field after the required ones, which the checked mode takes as equal', async () => {
    for (const checked of [false, true]) {
      const app = await appAnswering({ id: '1', number: 'YKJ-1', status: 'queued' }, checked);
      const answer = await app.inject('/video');
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('{"id":"1","status":"queued","number":"YKJ-1"}');
      await app.close();
    }
  });

  it('refuses an answer missing a required field', async () => {
    for (const checked of [false, true]) {
      const app = await appAnswering({ code: 200, msg: 'ok', rows: [] }, checked);
      expect((await app.inject('/page')).statusCode).toBe(500);
      await app.close();
    }
  });

  it('writes the value itself where zod would refuse it, and the checked mode fails there', async () => {
    // A literal and an integer the data breaks: the fast writer writes the data, never the schema.
    const body = { code: 500, kind: 'c', count: 1.5 };
    const fast = await appAnswering(body, false);
    expect((await fast.inject('/kind')).body).toBe('{"code":500,"kind":"c","count":1.5}');
    await fast.close();
    const checked = await appAnswering(body, true);
    expect((await checked.inject('/kind')).statusCode).toBe(500);
    await checked.close();
  });

  it('leaves a schema JSON Schema cannot say to zod', async () => {
    // A Date has no JSON Schema: zod checks it and JSON.stringify writes it.
    const app = await appAnswering({ at: new Date(0) }, true);
    const answer = await app.inject('/dated');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
    await app.close();
  });
});
