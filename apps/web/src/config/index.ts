export * from './env.ts';
export * from './paths.ts';
