import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Mantine's styles are imported per component (styles.ts): a component used without its
// stylesheet renders unstyled (drawers as strips, checkboxes as giant ticks). This keeps the two
// lists in step.
const src = resolve(import.meta.dirname, '..');
const stylesDir = resolve(import.meta.dirname, '../../../../node_modules/@mantine/core/styles');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('Mantine styles', () => {
  it('every @mantine/core component the app uses has its stylesheet imported', () => {
    const used = new Set<string>();
    for (const file of sources(src))
      for (const m of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]+)\}\s*from\s*'@mantine\/core'/g))
        for (const name of m[1]!.split(','))
          used.add(
            name
              .replace(/^\s*type\s+/, '')
              .split(/\s+as\s+/)[0]!
              .trim(),
          );
    const sheets = new Set(readdirSync(stylesDir).map((f) => f.replace(/\.css$/, '')));
    const imported = new Set(
      [...readFileSync(join(src, 'app/styles.ts'), 'utf8').matchAll(/styles\/(\w+)\.css/g)].map((m) => m[1]),
    );
    const missing = [...used].filter((c) => sheets.has(c) && !imported.has(c)).sort();
    expect(missing).toEqual([]);
  });
});
