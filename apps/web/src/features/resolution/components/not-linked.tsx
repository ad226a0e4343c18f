import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TResolutionPair } from '@mapwright/contracts';

/**
 * A linkage's pairs the one-to-one assignment passed over: one of their records is linked to
 * another partner, so no threshold links them and the queue does not ask about them. Listed
 * apart so a reviewer who knows better can still say "the same" (a decided pair is linked first).
 */
export function NotLinked({
  pairs,
  onSame,
}: {
  pairs: TResolutionPair[];
  onSame: (pair: TResolutionPair) => void;
}) {
  if (!pairs.length) return null;
  return (
    <Stack gap="xs" data-testid="not-linked">
      <Title order={4}>Not asked: linked elsewhere ({pairs.length})</Title>
      <Text size="sm" c="dimmed">
        Each record links to one record of the other dataset. These pairs lost a record to a better match, so
        they are not open questions; mark one the same to link it instead.
      </Text>
      {pairs.map((p) => (
        <Paper key={`${p.a_key}\u0000${p.b_key}`} withBorder p="xs" radius="md">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {p.a_key} ↔ {p.b_key}{' '}
                <Badge variant="light" color="gray" ml={4}>
                  match probability {(p.probability * 100).toFixed(0)}%
                </Badge>
              </Text>
              {p.linked_elsewhere && (
                <Text size="sm" c="dimmed">
                  Not linked: {p.linked_elsewhere.record} is linked to {p.linked_elsewhere.partner} (match
                  probability {(p.linked_elsewhere.probability * 100).toFixed(0)}%)
                </Text>
              )}
            </Stack>
            <Button
              size="xs"
              variant="light"
              onClick={() => onSame(p)}
              aria-label={`Same, link instead: ${p.a_key} and ${p.b_key}`}
            >
              Same, link instead
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
