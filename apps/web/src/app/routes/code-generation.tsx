import { CodeGenerationScreen } from '../../features/codegen/index.ts';

/** A bare page (no shell, user context or banner, spec §2), also served at /api/code-generation-openai. */
export function CodeGenerationRoute() {
  return <CodeGenerationScreen />;
}
