import { Anchor, Breadcrumbs, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { Link, useMatches } from 'react-router';
import type { TAreaPage } from './area-pages.ts';

/** A page whose area exists in the navigation but whose screen is not built yet. */
export function AreaPage({ page }: { page: TAreaPage }) {
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Breadcrumbs separator="/" mb={6} aria-label="Breadcrumb">
          <Anchor component={Link} to="/dashboard" size="sm">
            Home
          </Anchor>
          <Text size="sm" c="dimmed">
            {page.area}
          </Text>
        </Breadcrumbs>
        <Title order={1} fz={26}>
          {page.title}
        </Title>
        <Text c="dimmed" mt={4}>
          {page.description}
        </Text>
      </div>
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="xs" py="lg">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconHammer size={26} />
          </ThemeIcon>
          <Text fw={600}>Nothing here yet</Text>
          <Text size="sm" c="dimmed" ta="center" maw={460}>
            {page.title} is being built. Once it is ready, this page will show it — there is nothing to set up
            in the meantime.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Reads the page description from the matched route's handle. */
export function AreaRoute() {
  const match = useMatches().findLast((m) => (m.handle as { areaPage?: TAreaPage } | undefined)?.areaPage);
  const page = (match?.handle as { areaPage: TAreaPage } | undefined)?.areaPage;
  return page ? <AreaPage page={page} /> : null;
}
