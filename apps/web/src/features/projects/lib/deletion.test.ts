import { describe, expect, it } from 'vitest';
import { deletionSentences, deletionSummary } from './deletion.ts';

const EMPTY = { files: 0, versions: 0, bytes: 0, imports: 0, schemas: 0, schemas_in_use: 0, pipelines: 0 };

describe('deletionSummary', () => {
  it('says an empty project deletes nothing else', () => {
    expect(deletionSummary(EMPTY)).toEqual({ deletes: [], keeps: [] });
    expect(deletionSentences(EMPTY)).toEqual({
      deletes: 'The project is empty, so nothing else is deleted.',
      keeps: null,
    });
  });

  it('lists files with versions and size, imports and only the schemas no pipeline uses', () => {
    const c = { files: 2, versions: 3, bytes: 1536, imports: 1, schemas: 3, schemas_in_use: 1, pipelines: 2 };
    expect(deletionSummary(c)).toEqual({
      deletes: ['2 files (3 versions, 1.5 KB)', '1 import with its rows and problems', '2 target schemas'],
      keeps: ['2 pipelines', '1 target schema a pipeline maps into'],
    });
    expect(deletionSentences(c)).toEqual({
      deletes:
        'This permanently deletes 2 files (3 versions, 1.5 KB), 1 import with its rows and problems and 2 target schemas.',
      keeps: 'Kept, outside any project: 2 pipelines and 1 target schema a pipeline maps into.',
    });
  });

  it('keeps every schema when pipelines use them all', () => {
    const c = { ...EMPTY, files: 1, versions: 1, bytes: 10, schemas: 2, schemas_in_use: 2 };
    expect(deletionSummary(c)).toEqual({
      deletes: ['1 file (1 version, 10 B)'],
      keeps: ['2 target schemas pipelines map into'],
    });
  });
});
