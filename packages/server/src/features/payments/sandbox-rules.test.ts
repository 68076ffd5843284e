import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API,
  RUNTIME_CONFIG_GLOBAL,
  type RuntimeConfig,
  SANDBOX_PAY_TEXT,
  SERVER_MSG,
} from '@yingku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PACKAGES, sandboxNotifyBody, sendSandboxNotify } from '../../../test/orders';
import { createAlipayTestKit } from '../../../test/provider-notifies';
import { insertCaller } from '../../../test/users';
import { loadConfig } from '../../config';
import type { PaymentsSettings } from './payment-provider';

// The sandbox pays without money: it must be a deliberate choice (PAY_SANDBOX, or the demo's
// default), never a stand-in for a channel whose provider has no keys (decision 021).

const alipay = createAlipayTestKit();
const alipayEnv = {
  ALIPAY_APP_ID: alipay.settings.appId,
  ALIPAY_PRIVATE_KEY: alipay.settings.privateKey,
  ALIPAY_PUBLIC_KEY: alipay.settings.alipayPublicKey,
};
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'yingku-sandbox-'));

describe('when the sandbox is on', () => {
  const sandboxOf = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: dataDir(), ...env }).payments.sandbox;

  it('is on for the demo with no provider, and off for a site with demo data off', () => {
    expect(sandboxOf({})).toBe(true);
    expect(sandboxOf({ DEMO_DATA: 'true' })).toBe(true);
    expect(sandboxOf({ DEMO_DATA: 'false' })).toBe(false);
  });

  it('is off wherever a real provider is configured, unless PAY_SANDBOX asks for both', () => {
    expect(sandboxOf(alipayEnv)).toBe(false);
    expect(sandboxOf({ ...alipayEnv, PAY_SANDBOX: 'true' })).toBe(true);
  });

  it('follows PAY_SANDBOX when it is set', () => {
    expect(sandboxOf({ DEMO_DATA: 'false', PAY_SANDBOX: 'true' })).toBe(true);
    expect(sandboxOf({ PAY_SANDBOX: 'false' })).toBe(false);
    expect(() => sandboxOf({ PAY_SANDBOX: 'maybe' })).toThrow(/PAY_SANDBOX/);
  });
});

type Site = Awaited<ReturnType<typeof siteWith>>;
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
});

async function siteWith(payments: Partial<PaymentsSettings>) {
  const t = await createTestApp({
    payments: { publicUrl: 'https://yingku.test', sandbox: false, sandboxKey: 'k'.repeat(32), ...payments },
  });
  apps.push(t);
  const caller = await insertCaller(t);
  const submit = (payChannel: string) =>
    t.send(
      'POST',
      API.submitOrder,
      { appId: t.config.appId, groupId: PACKAGES.twoMonths.id, payChannel },
      caller.headers,
    );
  const orderCount = async () =>
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const appConfig = async (): Promise<RuntimeConfig> => {
    const res = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    const json = res.body.slice(`window.${RUNTIME_CONFIG_GLOBAL}=`.length).trim().replace(/;$/, '');
    return JSON.parse(json) as RuntimeConfig;
  };
  return { t, caller, submit, orderCount, appConfig };
}

describe('a site with only Alipay configured', () => {
  let site: Site;
  beforeAll(async () => {
    site = await siteWith({ alipay: alipay.settings });
  });

  it('refuses WeChat Pay instead of handing out a sandbox link, and keeps no order', async () => {
    const res = await site.submit('weixin');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: SERVER_MSG.payChannelUnavailable });
    expect(await site.orderCount()).toBe('0');
    // Alipay itself still answers a link to its own gateway.
    const paid = await site.submit('alipay');
    expect(paid.json().data).toMatch(/^https:\/\/openapi-sandbox\.dl\.alipaydev\.com\//);
    expect(await site.orderCount()).toBe('1');
  });

  it('offers only Alipay on /pay and says no sandbox is running', async () => {
    expect(await site.appConfig()).toMatchObject({ payChannels: ['alipay'], paySandbox: false });
  });

  it('has no sandbox pay page and refuses a sandbox notify, so nothing grants VIP for free', async () => {
    // No sandbox page (an unknown page gets the web app, which has no such route) and no button.
    const link = '/sandbox-pay/1860000000000000001?sig=x';
    const page = await site.t.app.inject({ method: 'GET', url: link });
    expect(page.body).not.toContain(SANDBOX_PAY_TEXT.title);
    expect((await site.t.app.inject({ method: 'POST', url: link })).statusCode).toBe(404);
    const notify = await sendSandboxNotify(
      site.t,
      sandboxNotifyBody('1860000000000000001', PACKAGES.twoMonths.cents),
    );
    expect(notify.statusCode).toBe(404);
    const user = await site.t.database.db
      .selectFrom('users')
      .select(['level_id', 'vip_until'])
      .where('id', '=', site.caller.user.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ level_id: 1, vip_until: null });
  });
});

describe('a production site with no provider keys at all', () => {
  it('refuses both channels and offers none', async () => {
    const site = await siteWith({});
    for (const channel of ['alipay', 'weixin']) {
      expect((await site.submit(channel)).json()).toEqual({
        code: 400,
        msg: SERVER_MSG.payChannelUnavailable,
      });
    }
    expect(await site.orderCount()).toBe('0');
    expect(await site.appConfig()).toMatchObject({ payChannels: [], paySandbox: false });
  });
});

describe('a site that chose both Alipay and the sandbox (PAY_SANDBOX=true)', () => {
  it('sends Alipay to Alipay and WeChat Pay to the sandbox, and says the sandbox runs', async () => {
    const site = await siteWith({ alipay: alipay.settings, sandbox: true });
    expect((await site.submit('alipay')).json().data).toMatch(/^https:\/\/openapi-sandbox\./);
    expect((await site.submit('weixin')).json().data).toMatch(
      /^https:\/\/yingku\.test\/sandbox-pay\/\d+\?sig=/,
    );
    expect(await site.appConfig()).toMatchObject({ payChannels: ['alipay', 'weixin'], paySandbox: true });
  });
});
