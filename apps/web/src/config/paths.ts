/**
 * The paths the application shell allows (spec §2). `:id` / `:runId` segments match any single
 * non-empty path segment. The list is the single source for the route guard and the router.
 */
export const AUTH_PATHS = ['/auth/login', '/auth/forgot-password', '/auth/reset-password'] as const;
export const CODE_GENERATION_PATHS = ['/code-generation-openai', '/api/code-generation-openai'] as const;

export const APP_PATHS = [
  // General
  '/',
  '/jobs',
  '/dashboard',
  '/job',
  '/workshop',
  '/overview',
  '/data',
  '/code',
  '/lineage',
  '/file-manager',
  '/migrate',
  // Settings
  '/settings',
  '/settings/billing',
  '/settings/users',
  '/settings/internal',
  '/settings/impersonation',
  // Pipelines
  '/pipeline',
  '/pipelines',
  '/pipelines/old',
  '/pipelines/:id',
  // Schemas
  '/schemas',
  '/schemas/:id',
  '/schema-map/:id',
  // Imports
  '/imports',
  '/imports/:id',
  // Connectors
  '/destinations',
  '/sources',
  // Workflows
  '/workflow_builder',
  '/workflows/management',
  '/workflows/create',
  '/workflows/:id',
  '/workflows/authenticated_apps',
  // Projects
  '/projects',
  '/projects/:id',
  '/projects/:id/file',
  // Flows
  '/flows',
  '/flows/:id',
  '/flows/:id/run/:runId',
  // Workbooks
  '/workbook',
  '/workbook/customer-preview',
  '/workbooks',
  '/workbooks/:id',
  // Data joins
  '/data-join-node/:id',
  '/data-join-task/:id',
  '/data-join/:id',
  '/joined_data',
  '/joined_data/:id',
  // Entity resolution
  '/entity_resolution',
  '/entity_resolution/:id',
  // Finance
  '/financial_analysis',
] as const;

/** Where the shell itself is registered; visiting it lands on the root redirect. */
export const SHELL_PATH = '/_app';
export const ALLOWED_PATHS: readonly string[] = [
  ...AUTH_PATHS,
  ...CODE_GENERATION_PATHS,
  SHELL_PATH,
  ...APP_PATHS,
];

export const DEFAULT_PATH = '/dashboard';
export const LOGIN_PATH = '/auth/login';
export const PROJECTS_PATH = '/projects';
export const FLOWS_BASE_PATH = '/flows';

const toRegExp = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`);
const ALLOWED_REGEXPS = ALLOWED_PATHS.map(toRegExp);

/** A trailing slash is the same path (`/jobs/` is `/jobs`), except for the root itself. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function isAllowedPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return ALLOWED_REGEXPS.some((re) => re.test(path));
}

/** Auth and code-generation pages render bare: no providers, user context or status banner. */
export function isBarePath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return (
    (AUTH_PATHS as readonly string[]).includes(path) ||
    (CODE_GENERATION_PATHS as readonly string[]).includes(path)
  );
}

export function isAuthPath(pathname: string): boolean {
  return (AUTH_PATHS as readonly string[]).includes(normalizePath(pathname));
}
