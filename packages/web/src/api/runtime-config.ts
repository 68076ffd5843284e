import {
  type PayChannel,
  RUNTIME_CONFIG_GLOBAL,
  RUNTIME_CONFIG_PATH,
  type RuntimeConfig,
} from '@yingku/contract';

const KNOWN_CHANNELS: readonly PayChannel[] = ['alipay', 'weixin'];

/**
 * Checks what /app-config.js left on `window`. Without it no request can be signed, so a
 * missing or malformed config stops the boot with a message saying where to look.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const config = value as Partial<RuntimeConfig> | null | undefined;
  if (
    !config ||
    typeof config.signSecret !== 'string' ||
    typeof config.appId !== 'string' ||
    typeof config.imageHost !== 'string'
  ) {
    throw new Error(
      `Runtime config missing: ${RUNTIME_CONFIG_PATH} did not set window.${RUNTIME_CONFIG_GLOBAL}`,
    );
  }
  return {
    signSecret: config.signSecret,
    appId: config.appId,
    imageHost: config.imageHost,
    captchaEnabled: config.captchaEnabled === true,
    // Only what the server says takes payments; an older server that says nothing offers none.
    payChannels: KNOWN_CHANNELS.filter((channel) => config.payChannels?.includes(channel)),
    paySandbox: config.paySandbox === true,
  };
}

let cached: RuntimeConfig | undefined;

/** The server's runtime config (signing secret, app id, image host), read once. */
export function runtimeConfig(): RuntimeConfig {
  cached ??= parseRuntimeConfig((window as unknown as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL]);
  return cached;
}

/**
 * The config where no /app-config.js runs: the server's prerender (decision 033), which renders
 * pictures from `imageHost` and signs nothing (it never calls the API).
 */
export function setServerRuntimeConfig(imageHost: string): void {
  cached = {
    signSecret: '',
    appId: '',
    imageHost,
    captchaEnabled: false,
    payChannels: [],
    paySandbox: false,
  };
}
