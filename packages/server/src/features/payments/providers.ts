import type { PayChannel } from '@yingku/contract';
import { createAlipayProvider } from './alipay.provider';
import type { PaymentProvider, PaymentsSettings, ProviderName } from './payment-provider';
import { createSandboxProvider, SANDBOX_APP_ID, type SandboxProvider } from './sandbox.provider';
import { createWechatProvider } from './wechat.provider';

/** The providers of this deployment, by channel (for new orders) and by name (for notifies). */
export interface PaymentProviders {
  /** Who takes a new order paid through `channel`: the real provider when configured, else the sandbox. */
  forChannel(channel: PayChannel): PaymentProvider;
  /** The provider an order or a notify names; undefined when it is not on here. */
  byName(name: string): PaymentProvider | undefined;
  /** The app id a verified notify of this provider must state (ours, from the configuration). */
  appIdOf(name: ProviderName): string | undefined;
  /** Always on: the stand-in for an unconfigured channel, and the local pay page's signer. */
  readonly sandbox: SandboxProvider;
}

/** Providers replaced by a test (e.g. one whose createPayment fails); the rest are built as configured. */
export type ProviderOverrides = Partial<Record<ProviderName, PaymentProvider>>;

/**
 * Builds the configured providers once, at boot: Alipay and WeChat Pay when their keys are set
 * (a key that cannot be read stops the start), the sandbox always.
 */
export function createPaymentProviders(
  settings: PaymentsSettings,
  overrides: ProviderOverrides = {},
): PaymentProviders {
  const sandbox = createSandboxProvider(settings.sandboxKey, settings.publicUrl);
  const providers: ProviderOverrides = {
    sandbox,
    ...(settings.alipay ? { alipay: createAlipayProvider(settings.alipay, settings.publicUrl) } : {}),
    ...(settings.wechat ? { wechat: createWechatProvider(settings.wechat, settings.publicUrl) } : {}),
    ...overrides,
  };
  const appIds: Partial<Record<ProviderName, string>> = {
    sandbox: SANDBOX_APP_ID,
    ...(settings.alipay ? { alipay: settings.alipay.appId } : {}),
    ...(settings.wechat ? { wechat: settings.wechat.appId } : {}),
  };
  const fallback = providers.sandbox ?? sandbox;

  return {
    forChannel: (channel) => (channel === 'alipay' ? providers.alipay : providers.wechat) ?? fallback,
    byName: (name) => (isProviderName(name) ? providers[name] : undefined),
    appIdOf: (name) => appIds[name],
    sandbox,
  };
}

function isProviderName(name: string): name is ProviderName {
  return name === 'alipay' || name === 'wechat' || name === 'sandbox';
}
