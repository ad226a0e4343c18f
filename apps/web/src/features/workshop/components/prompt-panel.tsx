import { Alert, Button, Drawer, Group, MultiSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { TTargetField } from '../lib/field-rows.ts';
import {
  clearEditWorkshop,
  promptRunBody,
  setGlobalContext,
  setPromptField,
  setPromptInstruction,
  useEditWorkshop,
} from '../stores/edit-workshop-store.ts';

/**
 * Prompt edit: chosen fields, an instruction per field and a context for all of them. The server
 * asks the LLM when one is configured (its answer is tried on sample records first), else its
 * built-in generator reads simple instructions.
 */
export function PromptPanel({
  opened,
  fields,
  busy,
  error,
  onClose,
  onRun,
}: {
  opened: boolean;
  fields: TTargetField[];
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onRun: (body: Extract<ReturnType<typeof promptRunBody>, { body: unknown }>['body']) => void;
}) {
  const edit = useEditWorkshop();
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = Object.keys(edit.target_fields_to_prompt);
  const run = () => {
    const req = promptRunBody(edit);
    if ('error' in req) setProblem(req.error ?? null);
    else {
      setProblem(null);
      onRun(req.body);
    }
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={460}
      shadow="xl"
      title={
        <Title order={2} fz="lg">
          Ask in words
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close asking in words' }}
    >
      <Stack gap="md">
        <MultiSelect
          label="Fields"
          placeholder={chosen.length ? undefined : 'Choose the fields to ask for'}
          data={fields.map((f) => f.path)}
          value={chosen}
          onChange={(next) => {
            setProblem(null);
            for (const f of chosen) if (!next.includes(f)) setPromptField(f, false);
            for (const f of next) if (!chosen.includes(f)) setPromptField(f, true);
          }}
          searchable
          clearable
          maxDropdownHeight={260}
        />
        {chosen.map((f) => (
          <Textarea
            key={f}
            label={`What should ${f} be?`}
            placeholder="e.g. concatenate first and last name"
            autosize
            minRows={2}
            maxRows={6}
            value={edit.target_fields_to_prompt[f] ?? ''}
            onChange={(e) => {
              setProblem(null);
              setPromptInstruction(f, e.currentTarget.value);
            }}
            data-autofocus={f === chosen[0] ? true : undefined}
          />
        ))}
        <Textarea
          label="Context for every field"
          description="Optional: what the data is, conventions to follow"
          placeholder="e.g. Customers exported from our CRM; dates are US style"
          autosize
          minRows={2}
          maxRows={6}
          value={edit.global_context}
          onChange={(e) => setGlobalContext(e.currentTarget.value)}
        />
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} />}>
          <Text size="sm">
            Without an LLM configured, the built-in generator understands: combine or concatenate fields, a
            date format (e.g. YYYY-MM-DD), upper/lower/title case, trim, default to or always a value,
            count/sum/average of a list, multiply or divide by a number, first/last word, and “use
            &lt;field&gt;”.
          </Text>
        </Alert>
        {(problem || error) && (
          <Alert color="red" icon={<IconAlertCircle size={16} />} role="alert">
            {problem ?? error}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="subtle" color="gray" onClick={() => clearEditWorkshop()} disabled={busy}>
            Clear
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={run} loading={busy}>
              Ask and re-run
            </Button>
          </Group>
        </Group>
      </Stack>
    </Drawer>
  );
}
