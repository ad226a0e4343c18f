export * from './auth.ts';
export * from './common.ts';
export * from './files.ts';
export * from './imports.ts';
export * from './pipelines.ts';
export * from './system.ts';
export * from './target-schemas.ts';
export * from './workflows.ts';
