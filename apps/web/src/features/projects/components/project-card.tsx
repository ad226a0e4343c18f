import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TProject } from '@mapwright/contracts';
import { IconFileImport, IconFiles, IconRoute, IconSchema } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatBytes, formatDate, formatRelative, plural } from '../lib/format.ts';

/** A project at a glance: name, description, what it holds, when it last changed. */
export function ProjectCard({ project: p }: { project: TProject }) {
  const navigate = useNavigate();
  const c = p.counts;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-labelledby={`project-${p.id}`}
      // the title is the link for keyboards and screen readers; the rest of the card is a bigger target
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest('a')) navigate(`/projects/${p.id}`);
      }}
      style={{ cursor: 'pointer', display: 'flex', flexDirection: 'column' }}
      h="100%"
    >
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Anchor
          component={Link}
          to={`/projects/${p.id}`}
          id={`project-${p.id}`}
          fw={700}
          fz="md"
          c="var(--mantine-color-text)"
          truncate="end"
          title={p.name}
        >
          {p.name}
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={2} mih={40} style={{ overflowWrap: 'anywhere' }}>
          {p.description || 'No description'}
        </Text>
        <SimpleGrid cols={2} spacing={4} verticalSpacing={4} mt={4}>
          <Count icon={<IconFiles size={15} />} label={plural(c.files, 'file')} />
          <Count icon={<IconFileImport size={15} />} label={plural(c.imports, 'import')} />
          <Count icon={<IconSchema size={15} />} label={plural(c.schemas, 'schema')} />
          <Count icon={<IconRoute size={15} />} label={plural(c.pipelines, 'pipeline')} />
        </SimpleGrid>
      </Stack>
      <Text size="xs" c="dimmed" mt="sm" title={`Updated ${formatDate(p.updated_at)}`}>
        {formatBytes(c.bytes)} · updated {formatRelative(p.updated_at)}
      </Text>
    </Paper>
  );
}

function Count({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text span c="dimmed" display="flex" aria-hidden>
        {icon}
      </Text>
      <Text size="sm">{label}</Text>
    </Group>
  );
}
