import { Group, NumberInput } from '@mantine/core';
import type { TErrorHandling } from '@mapwright/contracts';

/** Retries and the first retry's delay (each further retry waits twice as long). */
export function ErrorHandlingInputs({
  value,
  onChange,
  retriesLabel = 'Retries',
}: {
  value: TErrorHandling;
  onChange: (v: TErrorHandling) => void;
  retriesLabel?: string;
}) {
  const num = (v: string | number) => (typeof v === 'number' ? v : 0);
  return (
    <Group grow>
      <NumberInput
        size="xs"
        label={retriesLabel}
        min={0}
        max={10}
        value={value.retries}
        onChange={(v) => onChange({ ...value, retries: num(v) })}
      />
      <NumberInput
        size="xs"
        label="Delay (ms)"
        min={0}
        max={60_000}
        step={250}
        value={value.delay}
        onChange={(v) => onChange({ ...value, delay: num(v) })}
      />
    </Group>
  );
}
