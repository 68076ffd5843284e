import { randomUUID } from 'node:crypto';
import { API, type PayChannel } from '@yingku/contract';
import type { LightMyRequestResponse } from 'fastify';
import {
  createSandboxProvider,
  SANDBOX_APP_ID,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxNotify,
} from '../src/features/payments/sandbox.provider';
import type { TestApp } from './app';

/** The seeded packages (migration 0003). */
export const PACKAGES = {
  annual: { id: '101', name: '年卡', days: 365, cents: 19800 },
  twoMonths: { id: '102', name: '两月卡', days: 60, cents: 4500 },
} as const;

/** Submits an order through the API and returns its id and payment link (fails loudly otherwise). */
export async function submitOrder(
  t: TestApp,
  headers: Record<string, string>,
  groupId: string = PACKAGES.twoMonths.id,
  payChannel: PayChannel = 'alipay',
): Promise<{ orderId: string; link: string }> {
  const res = await t.send('POST', API.submitOrder, { appId: t.config.appId, groupId, payChannel }, headers);
  const link = res.json().data as string;
  const match = /\/sandbox-pay\/(\d+)\?sig=/.exec(link);
  if (res.statusCode !== 200 || !match) throw new Error(`submit: ${res.body}`);
  return { orderId: match[1]!, link };
}

/** A well-formed, paid sandbox notify for the order; `changes` alter fields before signing. */
export function sandboxNotifyBody(
  orderId: string,
  amountCents: number,
  changes: Partial<SandboxNotify> = {},
): SandboxNotify {
  return {
    eventId: randomUUID(),
    orderId,
    tradeNo: `SBX${orderId}`,
    amountCents,
    paid: true,
    appId: SANDBOX_APP_ID,
    ...changes,
  };
}

/** Sends a sandbox notify body, signed with the test sandbox key unless `signature` is given. */
export function sendSandboxNotify(
  t: TestApp,
  body: SandboxNotify | string,
  signature?: string,
): Promise<LightMyRequestResponse> {
  const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
  const signer = createSandboxProvider(t.config.payments.sandboxKey, t.config.payments.publicUrl);
  return t.app.inject({
    method: 'POST',
    url: '/prod-api/pay/notify/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signature ?? signer.signBody(rawBody),
    },
    payload: rawBody,
  });
}
