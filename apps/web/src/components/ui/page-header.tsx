import { Anchor, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** Breadcrumbs, title (with an optional badge), description and actions: the top of every screen. */
export function PageHeader({
  crumbs,
  title,
  description,
  actions,
  badge,
}: {
  crumbs: { label: string; to?: string }[];
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <div style={{ minWidth: 0 }}>
        <Breadcrumbs separator="/" mb={6} aria-label="Breadcrumb">
          {crumbs.map((c) =>
            c.to ? (
              <Anchor key={c.label} component={Link} to={c.to} size="sm">
                {c.label}
              </Anchor>
            ) : (
              <Text key={c.label} size="sm" c="dimmed">
                {c.label}
              </Text>
            ),
          )}
        </Breadcrumbs>
        <Group gap="sm" wrap="wrap">
          <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badge}
        </Group>
        {description && (
          <Text c="dimmed" mt={4} component="div">
            {description}
          </Text>
        )}
      </div>
      {actions && (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
