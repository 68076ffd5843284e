import { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '@yingku/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';

// Component tests (decision 038): a screen's pieces rendered into happy-dom with what the app
// wraps them in, a fresh query cache and a router. Only the network boundary is mocked, in each
// test (the api modules); what is asserted is what a user sees.

// Vitest has no global afterEach here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** What /app-config.js would leave on `window`: read once by runtimeConfig(), so set before any render. */
export function setTestRuntimeConfig(config: Partial<RuntimeConfig> = {}): void {
  (window as unknown as Record<string, unknown>)[RUNTIME_CONFIG_GLOBAL] = {
    signSecret: 'test-secret',
    appId: 'test-app',
    imageHost: 'https://img.test',
    payChannels: ['alipay', 'weixin'],
    ...config,
  };
}

/** A query cache that neither retries nor keeps anything after the test. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
}

/** Renders `ui` inside a query client and a router at `path`, with a user to tap and type. */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', queryClient = testQueryClient() }: { path?: string; queryClient?: QueryClient } = {},
): Rendered {
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
