import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { createQueryClient } from '../lib/query-client.ts';

export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );
}

/** A fetch stub answering JSON by request path (relative to /api), recording every call. */
export function stubApi(routes: Record<string, unknown | ((init?: RequestInit) => Response)>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    const path = new URL(url).pathname.replace(/^\/api/, '');
    const answer = routes[path];
    if (answer === undefined) return jsonResponse({ detail: `no stub for ${path}` }, 404);
    return typeof answer === 'function'
      ? (answer as (init?: RequestInit) => Response)(init)
      : jsonResponse(answer);
  };
  return { fetch: fetchStub as typeof fetch, calls };
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
