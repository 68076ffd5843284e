import { API_BASE, RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '@yingku/contract';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Dialog, Toast, unstableSetRender } from 'antd-mobile';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { installAntdMobileReact19Render } from '../app/antd-mobile-react19';

// Component tests (decision 041): a screen's pieces rendered into happy-dom with what the app
// wraps them in, a fresh query cache and a router. Only the network is stubbed (fetch, below):
// the API client signs, checks and reports as it does in the browser. What is asserted is what a
// user sees.

// Vitest has no global afterEach here, so Testing Library cannot register its own cleanup. The
// toasts and dialogs antd-mobile mounts imperatively are closed too: its toast is one per page,
// and one left from a test would take the next test's place.
// Their roots go only after their closing animation and a moment more (antd-mobile-react19.ts),
// so each test waits until every one is gone: React work left after a file's last test would run
// once happy-dom's window is torn down.
afterEach(async () => {
  cleanup();
  Toast.clear();
  Dialog.clear();
  await waitFor(() => expect(openRoots.size).toBe(0));
});

// As main.tsx does at start: antd-mobile's toasts and dialogs mount with React 19's createRoot,
// here through a wrapper that knows which roots are open.
installAntdMobileReact19Render();
const appRender = unstableSetRender();
const openRoots = new Set<Element | DocumentFragment>();
unstableSetRender((node, container) => {
  openRoots.add(container);
  const unmount = appRender(node, container);
  return async () => {
    await unmount();
    openRoots.delete(container);
  };
});

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

/** What a stubbed API path answers: the body it was sent (for writes) in, the envelope out. */
export type ApiRoute = (body: Record<string, unknown> | undefined) => unknown;

/**
 * Stubs `fetch` for the API: each call to `${API_BASE}` + a path in `routes` (as sent, e.g.
 * '/v2/user/collect/cate/list') answers 200 with what its route returns, or never when it returns
 * a pending promise. Returns the stub, to read what was called. Anything else fails loudly.
 */
export function stubApi(routes: Record<string, ApiRoute>) {
  const stub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(API_BASE, '');
    const route = routes[path];
    if (!route) throw new Error(`unexpected API call: ${path}`);
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    return new Response(JSON.stringify(await route(body)), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', stub);
  return stub;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The app's query cache (no retries, calls made offline too), fresh for each render. */
export function testQueryClient(): QueryClient {
  return createQueryClient();
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
  // antd-mobile's popups and dialogs take no pointer events until their opening spring has run;
  // a test taps as soon as they are there, as a user would once they are drawn.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
