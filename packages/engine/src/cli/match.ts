import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SuggestOptions, suggestMapping } from '../match/suggest.ts';
import { profileFile, readTarget } from './load.ts';

/** Profiles the source file and suggests a mapping onto the target file (what `npm run match` prints). */
export function matchFiles(sourceFile: string, targetFile: string, options?: SuggestOptions) {
  const profile = profileFile(sourceFile);
  const targetSchema = readTarget(targetFile);
  const suggestion = suggestMapping({ profile, targetSchema, options });
  return { source: sourceFile, target: targetFile, recordCount: profile.recordCount, ...suggestion };
}

function main(argv: string[]): number {
  const [source, target] = argv;
  if (!source || !target) {
    process.stderr.write('usage: npm run match -- <source.csv|json|jsonl> <target.csv|schema.json>\n');
    return 2;
  }
  // npm runs the script inside packages/engine; paths on the command line are relative to where the user was
  const base = process.env.INIT_CWD ?? process.cwd();
  try {
    const out = matchFiles(resolve(base, source), resolve(base, target));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`match: ${(e as Error).message}\n`);
    return 1;
  }
}

// the bench imports matchFiles; only run as a program when started directly
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
