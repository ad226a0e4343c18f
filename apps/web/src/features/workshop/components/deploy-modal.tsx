import { Alert, Badge, Button, Code, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { TFieldMapping } from '@mapwright/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useDeployedMapper } from '../api/deployed-mapper.ts';
import { usePipelineTargetSchema } from '../api/pipeline-target-schema.ts';
import { deployPlan, type TFieldChange } from '../lib/deploy-diff.ts';
import { formatCount, plural } from '../lib/format.ts';

const KIND: Record<TFieldChange['kind'], { label: string; color: string }> = {
  added: { label: 'new', color: 'green' },
  changed: { label: 'changed', color: 'blue' },
  approved: { label: 'approved', color: 'green' },
  removed: { label: 'removed', color: 'red' },
};

/** Confirms a deploy with what it changes against the deployed mapper and the pipeline's schema. */
export function DeployModal({
  opened,
  pipelineId,
  deployedVersion,
  draft,
  draftSchema,
  failing,
  busy,
  onClose,
  onDeploy,
}: {
  opened: boolean;
  pipelineId: string;
  /** the pipeline's deployed version: null before the first deploy, undefined while it loads */
  deployedVersion: number | null | undefined;
  draft: TFieldMapping[];
  draftSchema: Record<string, unknown>;
  /** records failing validation in the latest run */
  failing: number;
  busy: boolean;
  onClose: () => void;
  onDeploy: () => void;
}) {
  const nextVersion = (deployedVersion ?? 0) + 1;
  const deployed = useDeployedMapper(pipelineId, deployedVersion, opened);
  const schema = usePipelineTargetSchema(pipelineId, opened);
  const loading = deployed.isPending || schema.isPending;
  const error = deployed.error ?? schema.error;
  const plan =
    deployed.data !== undefined && schema.data
      ? deployPlan({
          draft,
          deployed: deployed.data?.spec ?? null,
          draftSchema,
          currentSchema: schema.data.schema,
        })
      : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      // the modal's title is an h2 already: plain text inside it (an h2 in an h2 is invalid HTML)
      title={
        <Text component="span" fw={700} fz="lg">
          Deploy as version {formatCount(nextVersion)}?
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close the deploy dialog' }}
    >
      {loading ? (
        <LoadingBlock label="Comparing with the deployed mapper…" />
      ) : error ? (
        <ErrorBlock error={error} onRetry={() => void Promise.all([deployed.refetch(), schema.refetch()])} />
      ) : plan ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {deployed.data
              ? `Compared with version ${formatCount(deployed.data.version)}, now deployed. New jobs of this pipeline will use version ${formatCount(nextVersion)}; earlier versions stay available to roll back to.`
              : 'This is the first deploy: new jobs of this pipeline will use this mapping.'}
          </Text>
          {plan.fields.length === 0 && plan.schemaAdded.length === 0 && plan.schemaRemoved.length === 0 ? (
            <Alert color="gray" variant="light" icon={<IconInfoCircle size={16} />}>
              The draft maps every field as the deployed version does.
            </Alert>
          ) : (
            <ScrollArea.Autosize mah={320} type="auto">
              <Stack gap={6} aria-label="Changes to deploy">
                {plan.fields.map((c) => (
                  <Group key={c.target} gap={8} wrap="nowrap" align="flex-start">
                    <Badge
                      size="sm"
                      variant="light"
                      color={KIND[c.kind].color}
                      tt="none"
                      w={78}
                      style={{ flexShrink: 0 }}
                    >
                      {KIND[c.kind].label}
                    </Badge>
                    <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      <Code>{c.target}</Code> {c.kind === 'removed' ? 'was' : '←'} {c.words}
                    </Text>
                  </Group>
                ))}
                {(plan.schemaAdded.length > 0 || plan.schemaRemoved.length > 0) && (
                  <Text size="sm" mt={6}>
                    The target schema is saved as a new version:{' '}
                    {[
                      plan.schemaAdded.length
                        ? `${plural(plan.schemaAdded.length, 'field')} added (${plan.schemaAdded.join(', ')})`
                        : '',
                      plan.schemaRemoved.length
                        ? `${plural(plan.schemaRemoved.length, 'field')} removed (${plan.schemaRemoved.join(', ')})`
                        : '',
                    ]
                      .filter(Boolean)
                      .join('; ')}
                    .
                  </Text>
                )}
              </Stack>
            </ScrollArea.Autosize>
          )}
          {failing > 0 && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} />}>
              {plural(failing, 'record')} of the latest run still fail validation. You can deploy anyway;
              those records are kept apart with their errors.
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={onDeploy} loading={busy} data-autofocus>
              Deploy version {formatCount(nextVersion)}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
