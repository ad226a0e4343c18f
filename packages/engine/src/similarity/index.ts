// String similarity shared by data joins and entity resolution.
export * from './compare.ts';
export * from './normalise.ts';
