import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CODE_GENERATION_PATHS, SHELL_PATH } from '../config/index.ts';
import { RootLayout } from './shell/root-layout.tsx';
import { ShellRoute } from './shell/shell-route.tsx';

// Routes are lazy so the login page does not download every screen.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // bare pages: no session, user context or status banner (spec §2)
      {
        path: '/auth/login',
        lazy: async () => ({ Component: (await import('./routes/login.tsx')).LoginRoute }),
      },
      {
        path: '/auth/forgot-password',
        lazy: async () => ({ Component: (await import('./routes/forgot-password.tsx')).ForgotPasswordRoute }),
      },
      {
        path: '/auth/reset-password',
        lazy: async () => ({ Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute }),
      },
      {
        // a customer's preview through a share link: no login (the link's token authenticates)
        path: '/workbook/customer-preview',
        lazy: async () => ({ Component: (await import('./routes/workbooks.tsx')).CustomerPreviewRoute }),
      },
      ...CODE_GENERATION_PATHS.map((path) => ({
        path,
        lazy: async () => ({ Component: (await import('./routes/code-generation.tsx')).CodeGenerationRoute }),
      })),
      {
        // the shell, registered at /_app as a layout route; its own path lands on the root redirect
        id: '_app',
        element: <ShellRoute />,
        children: [
          { path: SHELL_PATH, element: null },
          { path: '/', element: null },
          {
            path: '/dashboard',
            lazy: async () => ({ Component: (await import('./routes/dashboard.tsx')).DashboardRoute }),
          },
          {
            path: '/settings',
            lazy: async () => ({ Component: (await import('./routes/settings-layout.tsx')).SettingsLayout }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./routes/settings-pages.tsx')).ApiKeysRoute }),
              },
              {
                path: 'users',
                lazy: async () => ({ Component: (await import('./routes/settings-pages.tsx')).UsersRoute }),
              },
              {
                path: 'impersonation',
                lazy: async () => ({
                  Component: (await import('./routes/settings-pages.tsx')).ImpersonationRoute,
                }),
              },
              {
                path: 'internal',
                lazy: async () => ({
                  Component: (await import('./routes/settings-pages.tsx')).InternalRoute,
                }),
              },
              {
                path: 'billing',
                lazy: async () => ({ Component: (await import('./routes/settings-pages.tsx')).BillingRoute }),
              },
            ],
          },
          {
            path: '/joined_data',
            lazy: async () => ({ Component: (await import('./routes/joins.tsx')).JoinsRoute }),
          },
          {
            path: '/joined_data/:id',
            lazy: async () => ({ Component: (await import('./routes/joins.tsx')).JoinedDataRoute }),
          },
          {
            path: '/data-join/:id',
            lazy: async () => ({ Component: (await import('./routes/joins.tsx')).JoinBuilderRoute }),
          },
          {
            path: '/data-join-task/:id',
            lazy: async () => ({ Component: (await import('./routes/joins.tsx')).JoinTaskRoute }),
          },
          {
            path: '/data-join-node/:id',
            lazy: async () => ({ Component: (await import('./routes/joins.tsx')).JoinNodeRoute }),
          },
          {
            path: '/financial_analysis',
            lazy: async () => ({
              Component: (await import('./routes/financial-analysis.tsx')).FinancialAnalysisRoute,
            }),
          },
          {
            path: '/workflow_builder',
            lazy: async () => ({ Component: (await import('./routes/workflows.tsx')).WorkflowBuilderRoute }),
          },
          {
            path: '/workflows/management',
            lazy: async () => ({
              Component: (await import('./routes/workflows.tsx')).WorkflowsManagementRoute,
            }),
          },
          {
            path: '/workflows/create',
            lazy: async () => ({ Component: (await import('./routes/workflows.tsx')).CreateWorkflowRoute }),
          },
          {
            path: '/sources',
            lazy: async () => ({ Component: (await import('./routes/connectors.tsx')).SourcesRoute }),
          },
          {
            path: '/destinations',
            lazy: async () => ({ Component: (await import('./routes/connectors.tsx')).DestinationsRoute }),
          },
          {
            path: '/workflows/authenticated_apps',
            lazy: async () => ({
              Component: (await import('./routes/workflows.tsx')).AuthenticatedAppsRoute,
            }),
          },
          {
            path: '/workflows/:id',
            lazy: async () => ({ Component: (await import('./routes/workflows.tsx')).WorkflowRoute }),
          },
          {
            path: '/flows',
            lazy: async () => ({ Component: (await import('./routes/flows.tsx')).FlowsRoute }),
          },
          {
            path: '/flows/:id',
            lazy: async () => ({ Component: (await import('./routes/flows.tsx')).FlowRoute }),
          },
          {
            path: '/flows/:id/run/:runId',
            lazy: async () => ({ Component: (await import('./routes/flows.tsx')).FlowRunRoute }),
          },
          {
            path: '/entity_resolution',
            lazy: async () => ({
              Component: (await import('./routes/entity-resolution.tsx')).ResolutionsRoute,
            }),
          },
          {
            path: '/entity_resolution/:id',
            lazy: async () => ({
              Component: (await import('./routes/entity-resolution.tsx')).ResolutionRoute,
            }),
          },
          {
            path: '/imports',
            lazy: async () => ({ Component: (await import('./routes/imports.tsx')).ImportsRoute }),
          },
          {
            path: '/imports/:id',
            lazy: async () => ({ Component: (await import('./routes/imports.tsx')).ImportRoute }),
          },
          {
            path: '/schemas',
            lazy: async () => ({ Component: (await import('./routes/schemas.tsx')).SchemasRoute }),
          },
          {
            path: '/schemas/:id',
            lazy: async () => ({ Component: (await import('./routes/schemas.tsx')).SchemaRoute }),
          },
          {
            path: '/schema-map/:id',
            lazy: async () => ({ Component: (await import('./routes/schema-map.tsx')).SchemaMapRoute }),
          },
          {
            path: '/projects',
            lazy: async () => ({ Component: (await import('./routes/projects.tsx')).ProjectsRoute }),
          },
          {
            path: '/projects/:id',
            lazy: async () => ({ Component: (await import('./routes/projects.tsx')).ProjectRoute }),
          },
          {
            path: '/projects/:id/file',
            lazy: async () => ({ Component: (await import('./routes/projects.tsx')).ProjectFilesRoute }),
          },
          {
            path: '/file-manager',
            lazy: async () => ({ Component: (await import('./routes/file-manager.tsx')).FileManagerRoute }),
          },
          {
            path: '/pipelines',
            lazy: async () => ({ Component: (await import('./routes/pipelines.tsx')).PipelinesRoute }),
          },
          {
            path: '/pipelines/old',
            lazy: async () => ({ Component: (await import('./routes/pipelines.tsx')).PipelinesCompactRoute }),
          },
          {
            path: '/pipeline',
            lazy: async () => ({ Component: (await import('./routes/pipelines.tsx')).NewPipelineRoute }),
          },
          {
            path: '/pipelines/:id',
            lazy: async () => ({ Component: (await import('./routes/pipelines.tsx')).PipelineRoute }),
          },
          {
            path: '/workshop',
            lazy: async () => ({ Component: (await import('./routes/workshop.tsx')).WorkshopRoute }),
          },
          {
            path: '/jobs',
            lazy: async () => ({ Component: (await import('./routes/jobs.tsx')).JobsRoute }),
          },
          {
            path: '/job',
            lazy: async () => ({ Component: (await import('./routes/jobs.tsx')).JobRoute }),
          },
          {
            path: '/overview',
            lazy: async () => ({ Component: (await import('./routes/overview.tsx')).OverviewRoute }),
          },
          {
            path: '/lineage',
            lazy: async () => ({ Component: (await import('./routes/lineage.tsx')).LineageRoute }),
          },
          {
            path: '/code',
            lazy: async () => ({ Component: (await import('./routes/code.tsx')).CodeRoute }),
          },
          {
            path: '/workbooks',
            lazy: async () => ({ Component: (await import('./routes/workbooks.tsx')).WorkbooksRoute }),
          },
          {
            path: '/workbooks/:id',
            lazy: async () => ({ Component: (await import('./routes/workbooks.tsx')).WorkbookRoute }),
          },
          {
            path: '/workbook',
            lazy: async () => ({ Component: (await import('./routes/workbooks.tsx')).WorkbookOpenRoute }),
          },
          {
            path: '/data',
            lazy: async () => ({ Component: (await import('./routes/data.tsx')).DataRoute }),
          },
          {
            path: '/migrate',
            lazy: async () => ({ Component: (await import('./routes/migrate.tsx')).MigrateRoute }),
          },
          // anything else reaches the guard, which logs it and redirects to the default path
          { path: '*', element: <Navigate to="/dashboard" replace /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
