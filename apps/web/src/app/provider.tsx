import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as defaultQueryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * UI foundations every page needs (bare pages included); session providers live in the shell, and
 * modals in the root layout, inside the router, so a modal may hold links.
 */
export function AppProvider({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: typeof defaultQueryClient;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* bottom-right: toasts at the top would sit over the header's account menu */}
        <Notifications position="bottom-right" />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
