import { describe, expect, it } from 'vitest';
import type { TSchemaUsage } from '../api/schema-usage.ts';
import {
  confidenceColor,
  confidencePercent,
  fieldsFedBy,
  filterRows,
  isPlaceholder,
  mapRows,
  splitPath,
  summarizeRows,
  transformLabel,
} from './schema-map.ts';

const feed = (name: string, sources: string[], confidence: number, transform = 'copy') => ({
  pipeline_id: `id-${name}`,
  pipeline_name: name,
  sources,
  transform,
  confidence,
});

const usage: TSchemaUsage = {
  schema_id: 's1',
  pipelines: [
    { id: 'id-CRM', name: 'CRM', deployed_mapper_version: 2, mapped_fields: 2 },
    { id: 'id-ERP', name: 'ERP', deployed_mapper_version: null, mapped_fields: 1 },
  ],
  fields: [
    {
      path: 'id',
      types: ['integer'],
      required: true,
      fed_by: [feed('ERP', ['no'], 0.6), feed('CRM', ['ID'], 0.95)],
    },
    { path: 'address.zip', types: ['string'], required: true, fed_by: [] },
    {
      path: 'items[*].sku',
      types: ['string'],
      required: false,
      fed_by: [feed('CRM', ['lines[*].code'], 0.8, 'cast')],
    },
    { path: 'note', types: ['string', 'null'], required: false, fed_by: [feed('ERP', [], 0, 'constant')] },
  ],
};

describe('schema map rows', () => {
  it('keeps schema order, splits paths and sorts feeds strongest first', () => {
    const rows = mapRows(usage);
    expect(rows.map((r) => r.path)).toEqual(['id', 'address.zip', 'items[*].sku', 'note']);
    expect(rows[0]!.feeds.map((f) => f.pipeline_name)).toEqual(['CRM', 'ERP']);
    expect(rows[2]).toMatchObject({ parent: 'items[*].', name: 'sku', depth: 1 });
    expect(rows[3]).toMatchObject({ feeds: [], unmatched: ['ERP'] });
    expect(splitPath('a.b.c')).toEqual({ parent: 'a.b.', name: 'c', depth: 2 });
  });

  it('a constant with no source and no confidence is the engine finding nothing, not a feed', () => {
    expect(isPlaceholder(feed('A', [], 0, 'constant'))).toBe(true);
    expect(isPlaceholder(feed('A', [], 0.8, 'constant'))).toBe(false);
    expect(isPlaceholder(feed('A', ['x'], 0, 'copy'))).toBe(false);
  });

  it('filters by fed / not fed and searches paths, pipelines and sources', () => {
    const rows = mapRows(usage);
    expect(filterRows(rows, 'fed', '').map((r) => r.path)).toEqual(['id', 'items[*].sku']);
    expect(filterRows(rows, 'unfed', '').map((r) => r.path)).toEqual(['address.zip', 'note']);
    expect(filterRows(rows, 'all', 'ZIP').map((r) => r.path)).toEqual(['address.zip']);
    expect(filterRows(rows, 'all', 'erp').map((r) => r.path)).toEqual(['id']);
    expect(filterRows(rows, 'all', 'lines[').map((r) => r.path)).toEqual(['items[*].sku']);
  });

  it('summarizes, counting required fields nobody feeds', () => {
    expect(summarizeRows(mapRows(usage))).toEqual({ fields: 4, fed: 2, unfed: 2, requiredUnfed: 1 });
    expect(fieldsFedBy(mapRows(usage))).toEqual(
      new Map([
        ['id-CRM', 2],
        ['id-ERP', 1],
      ]),
    );
  });

  it('labels transforms and confidence', () => {
    expect(transformLabel('cast')).toBe('Convert type');
    expect(transformLabel('mystery')).toBe('mystery');
    expect(confidencePercent(0.956)).toBe('96%');
    expect(confidencePercent(1.4)).toBe('100%');
    expect(confidenceColor(0.95)).toBe('green');
    expect(confidenceColor(0.3)).toBe('red');
  });
});
