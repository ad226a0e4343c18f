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
    case 'destination':
      return { connection_id: '', stream: '', write_mode: 'append', preview: false } as TFlowStep['config'];
    default:
      return {} as TFlowStep['config'];
  }
}
