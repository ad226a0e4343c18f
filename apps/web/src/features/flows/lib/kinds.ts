import type { TFlowStep, TFlowStepKind } from '@mapwright/contracts';
import {
  IconArrowMerge,
  IconChecklist,
  IconDatabaseExport,
  IconDatabaseImport,
  IconFilter,
  IconRoute,
  IconUsersGroup,
} from '@tabler/icons-react';

/** What each kind is called and drawn with on the palette and the cards. */
export const KIND_INFO: Record<TFlowStepKind, { label: string; color: string; icon: typeof IconRoute }> = {
  source: { label: 'Source', color: 'var(--mantine-color-cyan-7)', icon: IconDatabaseImport },
  map: { label: 'Map', color: 'var(--mantine-color-blue-6)', icon: IconRoute },
  validate: { label: 'Validate', color: 'var(--mantine-color-grape-6)', icon: IconChecklist },
  filter: { label: 'Filter', color: 'var(--mantine-color-orange-6)', icon: IconFilter },
  join: { label: 'Join', color: 'var(--mantine-color-indigo-6)', icon: IconArrowMerge },
  resolve: { label: 'Resolve', color: 'var(--mantine-color-pink-6)', icon: IconUsersGroup },
  destination: { label: 'Destination', color: 'var(--mantine-color-violet-7)', icon: IconDatabaseExport },
};

/** A new step's config: empty picks the side panel asks for (the server names what is missing on save). */
export function defaultConfig(kind: TFlowStepKind): TFlowStep['config'] {
  switch (kind) {
    case 'source':
      return { input: { kind: 'import', id: '' } } as TFlowStep['config'];
    case 'map':
      return { pipeline_id: '' } as TFlowStep['config'];
    case 'validate':
      return { target_schema_id: '' } as TFlowStep['config'];
    case 'filter':
      return { match: 'all', conditions: [] } as TFlowStep['config'];
    case 'join':
      return {
        kind: 'left',
        conditions: [],
        threshold: 0.85,
        matches: 'best',
        prefixes: { left: 'left_', right: 'right_' },
      } as TFlowStep['config'];
    case 'destination':
      return { connection_id: '', stream: '', write_mode: 'append', preview: false } as TFlowStep['config'];
    default:
      return {} as TFlowStep['config'];
  }
}

/** One line on a step's card saying what it is set to (names of picked things live in the panel). */
export function configSummary(step: TFlowStep): string {
  switch (step.kind) {
    case 'source':
      return step.config.input.id
        ? `reads ${step.config.input.kind.replace('_', ' ')}${step.config.input.stream ? ` · ${step.config.input.stream}` : ''}`
        : 'nothing picked yet';
    case 'map':
      return step.config.pipeline_id ? "a pipeline's deployed mapper" : 'no pipeline yet';
    case 'validate':
      return step.config.target_schema_id ? 'rejected rows go out on the right' : 'no schema yet';
    case 'filter': {
      const n = step.config.conditions?.length ?? 0;
      return n
        ? `keeps rows matching ${step.config.match === 'any' ? 'any' : 'all'} of ${n} ${n === 1 ? 'condition' : 'conditions'}`
        : 'no conditions yet';
    }
    case 'join': {
      const c = step.config.conditions?.[0];
      return c?.left && c.right
        ? `${step.config.kind ?? 'left'} join on ${c.left} = ${c.right}`
        : 'no key yet';
    }
    case 'resolve':
      return step.config.id_column ? `ids in ${step.config.id_column}` : 'groups duplicate rows';
    case 'destination':
      return step.config.stream
        ? `${step.config.write_mode ?? 'append'} into ${step.config.stream}${step.config.primary_key?.length ? ` by ${step.config.primary_key.join(' + ')}` : ''}${step.config.preview ? ' · preview' : ''}`
        : 'no table yet';
  }
}
