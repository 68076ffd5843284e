import { PAY_CHANNELS, type PayChannel } from '@yingku/contract';
import type { Logger } from '../../lib/logger';
import { createAlipayProvider } from './alipay.provider';
import type { PaymentProvider, PaymentsSettings, ProviderName } from './payment-provider';
import { createSandboxProvider, SANDBOX_APP_ID, type SandboxProvider } from './sandbox.provider';
import { createWechatProvider } from './wechat.provider';

/** The providers of this deployment, by channel (for new orders) and by name (for notifies). */
export interface PaymentProviders {
  /**
   * Who takes a new order paid through `channel`: the real provider when configured, else the
   * sandbox when it is on; undefined when the channel takes no payments here.
   */
  forChannel(channel: PayChannel): PaymentProvider | undefined;
  /** The channels that take payments here, in the shop's order (the pay page offers these). */
  readonly channels: readonly PayChannel[];
  /** The provider an order or a notify names; undefined when it is not on here. */
  byName(name: string): PaymentProvider | undefined;
  /** The app id a verified notify of this provider must state (ours, from the configuration). */
  appIdOf(name: ProviderName): string | undefined;
  /** The local pay page's signer, when the sandbox is on (PAY_SANDBOX). */
  readonly sandbox: SandboxProvider | undefined;
}

/** Providers replaced by a test (e.g. one whose createPayment fails); the rest are built as configured. */
export type ProviderOverrides = Partial<Record<ProviderName, PaymentProvider>>;

/**
 * Builds the configured providers once, at boot: Alipay and WeChat Pay when their keys are set
 * (a key that cannot be read stops the start), the sandbox only when the settings turn it on —
 * never as a silent stand-in for a provider without keys.
 */
export function createPaymentProviders(
  settings: PaymentsSettings,
  overrides: ProviderOverrides = {},
  log: Pick<Logger, 'warn'> = console,
): PaymentProviders {
  // WeChat signs with a key we were not given: a certificate rotated, or the public key turned
  // on, without our configuration following. Its notifies are refused until it does.
  const onUnknownSerial = (serial: string) =>
    log.warn(
      `WeChat Pay signed with serial ${serial}, which no configured platform key has: add it ` +
        '(WECHAT_PLATFORM_CERTS_DIR or WECHAT_PUBLIC_KEY) — its notifies are refused meanwhile',
    );
  const sandbox = settings.sandbox
    ? createSandboxProvider(settings.sandboxKey, settings.publicUrl)
    : undefined;
  const providers: ProviderOverrides = {
    ...(sandbox ? { sandbox } : {}),
    ...(settings.alipay ? { alipay: createAlipayProvider(settings.alipay, settings.publicUrl) } : {}),
    ...(settings.wechat
      ? { wechat: createWechatProvider(settings.wechat, settings.publicUrl, { onUnknownSerial }) }
      : {}),
    ...overrides,
  };
  const appIds: Partial<Record<ProviderName, string>> = {
    ...(sandbox ? { sandbox: SANDBOX_APP_ID } : {}),
    ...(settings.alipay ? { alipay: settings.alipay.appId } : {}),
    ...(settings.wechat ? { wechat: settings.wechat.appId } : {}),
  };
  const forChannel = (channel: PayChannel) =>
    (channel === 'alipay' ? providers.alipay : providers.wechat) ?? providers.sandbox;

  return {
    forChannel,
    channels: PAY_CHANNELS.filter((channel) => forChannel(channel) !== undefined),
    byName: (name) => (isProviderName(name) ? providers[name] : undefined),
    appIdOf: (name) => appIds[name],
    sandbox,
  };
}

function isProviderName(name: string): name is ProviderName {
  return name === 'alipay' || name === 'wechat' || name === 'sandbox';
}
