import { describe, expect, it } from 'vitest';
import { expandString, readPath, referencesIn, resolveBody } from '../src/modules/workflows/templates.ts';

const outputs = new Map<string, unknown[]>([
  ['entities', [{ id: 'e1', tags: ['a', 'b'] }, { id: 'e2', tags: ['b'] }, { id: 'e1' }, { id: null }]],
  ['empty', []],
]);

describe('node references', () => {
  it('finds references anywhere in a value', () => {
    expect(
      referencesIn({ a: ['x {{nodes.entities.data[*].id}}', { b: '{{ nodes.cards.data[0].id }}' }] }),
    ).toEqual([
      { nodeId: 'entities', path: '.data[*].id' },
      { nodeId: 'cards', path: '.data[0].id' },
    ]);
    expect(referencesIn('no {{references}} here')).toEqual([]);
  });

  it('reads paths with keys, indexes and [*]', () => {
    const root = { data: outputs.get('entities') };
    expect(readPath(root, '.data[*].id')).toEqual({ values: ['e1', 'e2', 'e1'], many: true });
    expect(readPath(root, '.data[1].id')).toEqual({ values: ['e2'], many: false });
    expect(readPath(root, '.data[*].tags[*]').values).toEqual(['a', 'b', 'b']);
    // only own keys: no prototype reads
    expect(readPath(root, '.data[0].constructor').values).toEqual([]);
  });

  it('a [*] reference fans out into distinct values, in order', () => {
    expect(expandString('{{nodes.entities.data[*].id}}', outputs)).toEqual(['e1', 'e2']);
    expect(expandString('{{nodes.entities.data[0].id}}', outputs)).toEqual(['e1']);
    expect(expandString('plain', outputs)).toEqual(['plain']);
    expect(expandString('{{nodes.empty.data[*].id}}', outputs)).toEqual([]);
  });

  it('text around references makes every combination', () => {
    expect(expandString('id:{{nodes.entities.data[*].id}}/{{nodes.entities.data[1].id}}', outputs)).toEqual([
      'id:e1/e2',
      'id:e2/e2',
    ]);
  });

  it('says what is wrong with a reference', () => {
    expect(() => expandString('{{nodes.cards.data[*].id}}', outputs)).toThrow(
      "references node 'cards', which has not run before this node",
    );
    expect(() => expandString('{{nodes.entities.data[9].id}}', outputs)).toThrow(/has no value/);
  });

  it('resolves references in a JSON body', () => {
    expect(
      resolveBody(
        { ids: '{{nodes.entities.data[*].id}}', one: '{{nodes.entities.data[1].id}}', n: 3 },
        outputs,
      ),
    ).toEqual({
      ids: ['e1', 'e2'],
      one: 'e2',
      n: 3,
    });
  });
});
