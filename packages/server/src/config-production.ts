import type { PaymentsSettings } from './features/payments/payment-provider';

/** Which rules the configuration is held to: `production` when NODE_ENV=production (decision 073). */
export type ConfigProfile = 'production' | 'development';

/** SIGN_SECRET's default: public, in this repository, so only for the demo. */
export const DEMO_SIGN_SECRET = 'yingku-demo-sign-secret';

export function configProfile(nodeEnv: string | undefined): ConfigProfile {
  return nodeEnv === 'production' ? 'production' : 'development';
}

/** The parsed settings the production profile looks at, as given (before defaults are filled in). */
export interface ProductionEnv {
  DEMO_DATA?: boolean | undefined;
  SIGN_SECRET: string;
  DATABASE_URL?: string | undefined;
  JWT_SECRET?: string | undefined;
  TWO_FACTOR_KEY?: string | undefined;
  MEDIA_SIGNING_KEYS?: string | undefined;
  METRICS_TOKEN?: string | undefined;
  PAY_SANDBOX?: boolean | undefined;
}

/**
 * What the production profile refuses, one line per setting naming it and the fix (empty when
 * nothing): settings that are right for the demo on one machine and wrong for a site with
 * members and money (docs/configuration.md#production).
 */
export function productionProblems(e: ProductionEnv, payments: PaymentsSettings): string[] {
  const problems: string[] = [];
  if (e.DEMO_DATA === true) {
    problems.push(
      'DEMO_DATA: the demo catalogue is for trying the site out; unset it or set DEMO_DATA=false',
    );
  }
  if (e.SIGN_SECRET === DEMO_SIGN_SECRET) {
    problems.push(
      'SIGN_SECRET: the demo value (its default) is public, in this repository; set SIGN_SECRET to ' +
        'one of your own (openssl rand -hex 32)',
    );
  }
  if (e.DATABASE_URL) {
    // With a shared database every server (and the worker) generates these into its own DATA_DIR.
    const perMachine: [keyof ProductionEnv, string][] = [
      ['JWT_SECRET', 'a login from one server would be refused by the next (openssl rand -hex 32)'],
      ['TWO_FACTOR_KEY', 'a 两步验证 secret sealed by one server opens on no other (openssl rand -hex 32)'],
      ['MEDIA_SIGNING_KEYS', 'a stream token from one server would be refused by the next (id:secret)'],
    ];
    for (const [name, why] of perMachine) {
      if (!e[name]) {
        problems.push(`${name}: with DATABASE_URL set it, the same on every server; unset, ${why}`);
      }
    }
  }
  const providers = [payments.alipay && 'Alipay', payments.wechat && 'WeChat Pay'].filter(Boolean);
  if (providers.length > 0 && !payments.publicUrl.startsWith('https://')) {
    problems.push(
      `PUBLIC_URL: ${providers.join(' and ')} return buyers and send notifies to it; set PUBLIC_URL ` +
        "to the site's https:// address",
    );
  }
  // Unset, the sandbox is on in production only with DEMO_DATA=true, refused above already.
  if (payments.sandbox && e.PAY_SANDBOX === true) {
    problems.push(
      'PAY_SANDBOX: the payment sandbox grants VIP without money; set PAY_SANDBOX=false or unset it',
    );
  }
  if (!e.METRICS_TOKEN) {
    problems.push(
      "METRICS_TOKEN: without it /metrics (on PORT, and on the worker's WORKER_PORT) is open to anyone; " +
        'set METRICS_TOKEN (16 characters or more) and give it to the scraper as a bearer token',
    );
  }
  return problems;
}
