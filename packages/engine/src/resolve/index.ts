// Entity resolution: dedupe and link records without labels (Fellegi-Sunter, EM, blocking).
export * from './blocking.ts';
export * from './cluster.ts';
export * from './graph-risk.ts';
export * from './incremental.ts';
export * from './kernel.ts';
export * from './labels.ts';
export * from './levels.ts';
export * from './minhash.ts';
export * from './model.ts';
export * from './prepare.ts';
export * from './resolve.ts';
export * from './roles.ts';
export * from './score.ts';
export * from './threshold.ts';
