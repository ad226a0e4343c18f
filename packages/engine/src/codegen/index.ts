export { describeTransform } from './describe.ts';
export { type TypeScriptOptions, toTypeScript } from './to-typescript.ts';
