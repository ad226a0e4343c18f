import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

// recharts is large: the chart's code loads on its own, after the counts are on screen
const ActivityChart = lazy(async () => ({ default: (await import('./activity-chart.tsx')).ActivityChart }));

export function LazyActivityChart(props: ComponentProps<typeof ActivityChart>) {
  return (
    <Suspense fallback={<Skeleton height={props.height ?? 260} radius="md" />}>
      <ActivityChart {...props} />
    </Suspense>
  );
}
