// Public surface of the engine. Each module owns its own index.ts.
export * from './codegen/index.ts';
export * from './join/index.ts';
export * from './learn/index.ts';
export * from './mapper/index.ts';
export * from './match/index.ts';
export * from './profile/index.ts';
export * from './profile/types.ts';
export * from './prompt/index.ts';
export * from './resolve/index.ts';
export * from './schema/infer-schema.ts';
export * from './schema/target-schema.ts';
export * from './similarity/index.ts';
export * from './spec/index.ts';
export * from './spec/types.ts';
export * from './validate/index.ts';
export * from './values/index.ts';
