import {
  IconApps,
  IconArrowMerge,
  IconArrowsRightLeft,
  IconBinaryTree,
  IconBuildingBank,
  IconCode,
  IconCreditCard,
  IconDatabaseExport,
  IconFileImport,
  IconFiles,
  IconFolders,
  IconLayoutDashboard,
  IconListCheck,
  IconPlugConnected,
  IconRoute,
  IconSchema,
  IconSettings,
  IconSettingsCog,
  IconTable,
  IconTableOptions,
  IconTimeline,
  IconTools,
  IconTopologyStar3,
  IconTransfer,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';

export interface TNavItem {
  label: string;
  to: string;
  icon: typeof IconApps;
  /** role names that see the item; everyone when absent */
  roles?: readonly string[];
}
export interface TNavGroup {
  label: string;
  items: TNavItem[];
}

export const NAV_GROUPS: TNavGroup[] = [
  {
    label: 'General',
    items: [
      { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
      { label: 'Projects', to: '/projects', icon: IconFolders },
      { label: 'Jobs', to: '/jobs', icon: IconListCheck },
      { label: 'Workshop', to: '/workshop', icon: IconTools },
      { label: 'File manager', to: '/file-manager', icon: IconFiles },
      { label: 'Lineage', to: '/lineage', icon: IconBinaryTree },
    ],
  },
  {
    label: 'Data',
    items: [
      { label: 'Imports', to: '/imports', icon: IconFileImport },
      { label: 'Schemas', to: '/schemas', icon: IconSchema },
      { label: 'Sources', to: '/sources', icon: IconPlugConnected },
      { label: 'Destinations', to: '/destinations', icon: IconDatabaseExport },
      { label: 'Data overview', to: '/data', icon: IconTable },
    ],
  },
  {
    label: 'Pipelines',
    items: [
      { label: 'Pipelines', to: '/pipelines', icon: IconTimeline },
      { label: 'Code', to: '/code', icon: IconCode },
    ],
  },
  {
    label: 'Workflows',
    items: [
      { label: 'Workflow builder', to: '/workflow_builder', icon: IconTopologyStar3 },
      { label: 'Workflows', to: '/workflows/management', icon: IconRoute },
      { label: 'Flows', to: '/flows', icon: IconArrowsRightLeft },
      { label: 'Connected apps', to: '/workflows/authenticated_apps', icon: IconApps },
    ],
  },
  {
    label: 'Combine',
    items: [
      { label: 'Data joins', to: '/joined_data', icon: IconArrowMerge },
      { label: 'Entity resolution', to: '/entity_resolution', icon: IconUsersGroup },
      { label: 'Workbooks', to: '/workbooks', icon: IconTableOptions },
      { label: 'Financial analysis', to: '/financial_analysis', icon: IconBuildingBank },
    ],
  },
  {
    label: 'Settings',
    items: [
      { label: 'Settings', to: '/settings', icon: IconSettings },
      { label: 'Users', to: '/settings/users', icon: IconUsers },
      { label: 'Billing', to: '/settings/billing', icon: IconCreditCard },
      { label: 'Migrate', to: '/migrate', icon: IconTransfer },
      { label: 'Internal', to: '/settings/internal', icon: IconSettingsCog, roles: ['staff'] },
      { label: 'Impersonation', to: '/settings/impersonation', icon: IconUserShield, roles: ['staff'] },
    ],
  },
];

/** The nav item a path belongs to: the longest `to` that prefixes it. */
export function activeNavPath(pathname: string): string | null {
  let best: string | null = null;
  for (const group of NAV_GROUPS)
    for (const item of group.items)
      if (
        (pathname === item.to || pathname.startsWith(`${item.to}/`)) &&
        item.to.length > (best?.length ?? 0)
      )
        best = item.to;
  return best;
}
