// Architecture boundaries as a check (run by `npm run lint`):
// - a web feature never imports another feature (shared code lives in components/ui and lib/);
// - a server module never reaches into another module's repository (call its service instead);
// - the engine imports nothing from apps.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(path).isDirectory() ? files(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
const imports = (file) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
const segment = (path, after) => {
  const parts = relative(root, path).split(sep);
  const i = parts.indexOf(after);
  return i >= 0 ? parts[i + 1] : undefined;
};

const problems = [];
for (const file of files(join(root, 'apps/web/src/features'))) {
  const own = segment(file, 'features');
  for (const spec of imports(file)) {
    if (!spec.startsWith('.')) continue;
    const target = resolve(dirname(file), spec);
    const other = segment(target, 'features');
    if (target.includes(`${sep}features${sep}`) && other && other !== own)
      problems.push(`${relative(root, file)}: the ${own} feature imports the ${other} feature (${spec})`);
  }
}
for (const file of files(join(root, 'apps/server/src/modules'))) {
  const own = segment(file, 'modules');
  for (const spec of imports(file)) {
    if (!spec.startsWith('.') || !/\.repository(\.ts)?$/.test(spec)) continue;
    const other = segment(resolve(dirname(file), spec), 'modules');
    if (other && other !== own)
      problems.push(
        `${relative(root, file)}: the ${own} module reaches into the ${other} module's repository (${spec})`,
      );
  }
}
for (const file of files(join(root, 'packages/engine'))) {
  for (const spec of imports(file))
    if (spec.includes('/apps/') || spec.startsWith('@mapwright/server') || spec.startsWith('@mapwright/web'))
      problems.push(`${relative(root, file)}: the engine imports from an app (${spec})`);
}
if (problems.length) {
  console.error(`Architecture boundaries broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('architecture boundaries: ok');
