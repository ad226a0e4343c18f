/**
 * Allowed paths whose screens arrive in later issues. Each shows its area's name and one
 * sentence on what it will hold — never invented data.
 */
export interface TAreaPage {
  path: string;
  area: string;
  title: string;
  description: string;
}

export const AREA_PAGES: TAreaPage[] = [
  {
    path: '/jobs',
    area: 'General',
    title: 'Jobs',
    description:
      'Every run of a deployed mapper: progress, accepted and quarantined records, retries and history.',
  },
  {
    path: '/job',
    area: 'General',
    title: 'Job',
    description: 'One job in detail: its records, validation errors and downloads.',
  },
  {
    path: '/workshop',
    area: 'General',
    title: 'Workshop',
    description:
      'Review source records, proposed mappings and mapped output side by side, edit them and deploy a new mapper version.',
  },
  {
    path: '/overview',
    area: 'General',
    title: 'Overview',
    description: 'A summary of your organization’s pipelines, runs and data volumes.',
  },
  {
    path: '/data',
    area: 'Data',
    title: 'Data overview',
    description: 'The datasets your imports and runs produced, with profiles of their columns.',
  },
  {
    path: '/code',
    area: 'Pipelines',
    title: 'Code',
    description: 'Generated code and API snippets for running your pipelines from scripts and SDKs.',
  },
  {
    path: '/lineage',
    area: 'General',
    title: 'Lineage',
    description: 'Trace every target field back to the source fields and transforms that produce it.',
  },
  {
    path: '/file-manager',
    area: 'General',
    title: 'File manager',
    description: 'Uploaded files and their versions, ready to import or map.',
  },
  {
    path: '/migrate',
    area: 'General',
    title: 'Migrate',
    description: 'Move pipelines and schemas from an earlier workspace into this one.',
  },
  {
    path: '/settings/billing',
    area: 'Settings',
    title: 'Billing',
    description: 'Your plan, usage against its limits and invoices.',
  },
  {
    path: '/settings/internal',
    area: 'Settings',
    title: 'Internal',
    description: 'Internal switches for Mapwright staff, such as demo features.',
  },
  {
    path: '/pipeline',
    area: 'Pipelines',
    title: 'New pipeline',
    description: 'Create a pipeline: pick sample source records and a target schema to map them to.',
  },
  {
    path: '/pipelines',
    area: 'Pipelines',
    title: 'Pipelines',
    description: 'Your pipelines with their status, confidence and latest runs, searchable and filterable.',
  },
  {
    path: '/pipelines/old',
    area: 'Pipelines',
    title: 'Earlier pipelines',
    description: 'Pipelines created with the previous editor, kept for reference.',
  },
  {
    path: '/pipelines/:id',
    area: 'Pipelines',
    title: 'Pipeline',
    description: 'One pipeline: its mapper versions, runs and results.',
  },
  {
    path: '/schemas',
    area: 'Data',
    title: 'Schemas',
    description: 'Target schemas your pipelines map into, with their fields and validation rules.',
  },
  {
    path: '/schemas/:id',
    area: 'Data',
    title: 'Schema',
    description: 'One target schema: its fields, required list and examples.',
  },
  {
    path: '/schema-map/:id',
    area: 'Data',
    title: 'Schema map',
    description: 'How the source fields map onto this schema, field by field.',
  },
  {
    path: '/imports',
    area: 'Data',
    title: 'Imports',
    description: 'Files imported into datasets, with detected column types and any problems found.',
  },
  {
    path: '/imports/:id',
    area: 'Data',
    title: 'Import',
    description: 'One import: its progress, columns and the problems found on each line.',
  },
  {
    path: '/destinations',
    area: 'Data',
    title: 'Destinations',
    description: 'Where mapped data is delivered: databases, webhooks and files.',
  },
  {
    path: '/sources',
    area: 'Data',
    title: 'Sources',
    description: 'The source applications and connections data is read from.',
  },
  {
    path: '/workflow_builder',
    area: 'Workflows',
    title: 'Workflow builder',
    description:
      'Chain API endpoints of a source application into a final output with a schema and sample data.',
  },
  {
    path: '/workflows/management',
    area: 'Workflows',
    title: 'Workflows',
    description: 'Your workflows with their schedule, state and latest runs.',
  },
  {
    path: '/workflows/create',
    area: 'Workflows',
    title: 'New workflow',
    description: 'Describe a workflow in words or build it node by node.',
  },
  {
    path: '/workflows/:id',
    area: 'Workflows',
    title: 'Workflow',
    description: 'One workflow: its nodes, schedule and run history.',
  },
  {
    path: '/workflows/authenticated_apps',
    area: 'Workflows',
    title: 'Connected apps',
    description: 'The applications you have connected, and when each was authorised.',
  },
  {
    path: '/projects',
    area: 'General',
    title: 'Projects',
    description: 'Projects group the files, pipelines and schemas that belong together.',
  },
  {
    path: '/projects/:id',
    area: 'General',
    title: 'Project',
    description: 'One project: its files, pipelines and schemas.',
  },
  {
    path: '/projects/:id/file',
    area: 'General',
    title: 'Project file',
    description: 'A file of this project with its versions.',
  },
  {
    path: '/flows',
    area: 'Workflows',
    title: 'Flows',
    description: 'Data flows that chain source, map, join, resolution and destination steps.',
  },
  {
    path: '/flows/:id',
    area: 'Workflows',
    title: 'Flow',
    description: 'One flow: its steps and the history of each run.',
  },
  {
    path: '/flows/:id/run/:runId',
    area: 'Workflows',
    title: 'Flow run',
    description: 'One run of a flow, step by step, with its records and errors.',
  },
  {
    path: '/workbook',
    area: 'Combine',
    title: 'Workbook',
    description: 'A dataset shown as editable sheets.',
  },
  {
    path: '/workbook/customer-preview',
    area: 'Combine',
    title: 'Workbook preview',
    description: 'A read-only preview of a workbook as your customer sees it.',
  },
  {
    path: '/workbooks',
    area: 'Combine',
    title: 'Workbooks',
    description: 'Your workbooks: datasets shown as editable sheets.',
  },
  { path: '/workbooks/:id', area: 'Combine', title: 'Workbook', description: 'One workbook and its sheets.' },
  {
    path: '/data-join-node/:id',
    area: 'Combine',
    title: 'Join step',
    description: 'One step of a data join: its inputs and keys.',
  },
  {
    path: '/data-join-task/:id',
    area: 'Combine',
    title: 'Join task',
    description: 'One run of a data join with matched and unmatched rows.',
  },
  {
    path: '/data-join/:id',
    area: 'Combine',
    title: 'Data join',
    description: 'One data join: its datasets, exact and fuzzy keys, and results.',
  },
  {
    path: '/joined_data',
    area: 'Combine',
    title: 'Data joins',
    description: 'Datasets joined on exact or fuzzy keys.',
  },
  {
    path: '/joined_data/:id',
    area: 'Combine',
    title: 'Joined data',
    description: 'The rows a data join produced.',
  },
  {
    path: '/entity_resolution',
    area: 'Combine',
    title: 'Entity resolution',
    description: 'Find records that describe the same entity across datasets and review the matches.',
  },
  {
    path: '/entity_resolution/:id',
    area: 'Combine',
    title: 'Entity resolution run',
    description: 'One resolution: its clusters, scores and matches to review.',
  },
  {
    path: '/financial_analysis',
    area: 'Combine',
    title: 'Financial analysis',
    description: 'A step-by-step demo analysing finance data from the sample API.',
  },
];
