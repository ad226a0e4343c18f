import { CodeScreen } from '../../features/code/index.ts';

export function CodeRoute() {
  return <CodeScreen />;
}
