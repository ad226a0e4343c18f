import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMOS, STORAGE_KEYS, storage } from './storage.ts';

describe('storage', () => {
  it('reads every demo flag as false by default', () => {
    expect(storage.getDemos()).toEqual({
      multiTable: false,
      sourceConnectorTab: false,
      apiIntegration: false,
      destinationConnectorTab: false,
      avionteExcel: false,
      financialAnalysis: false,
      suggest_values: false,
      schemaEditor: false,
      manualRun: false,
    });
    expect(Object.values(DEFAULT_DEMOS).every((v) => v === false)).toBe(true);
  });

  it('merges stored demo flags over the defaults and ignores junk', () => {
    localStorage.setItem('demos', JSON.stringify({ manualRun: true, bogus: true, schemaEditor: 'yes' }));
    const demos = storage.getDemos();
    expect(demos.manualRun).toBe(true);
    expect(demos.schemaEditor).toBe(false);
    expect('bogus' in demos).toBe(false);
    localStorage.setItem('demos', '{not json');
    expect(storage.getDemos()).toEqual(DEFAULT_DEMOS);
  });

  it('uses the spec key names', () => {
    storage.set('token', 't');
    storage.set('orgId', 'o');
    storage.set('lastPath', '/jobs');
    storage.set('baseUrl', 'http://api.test');
    storage.setNavbarCollapsed(true);
    storage.setLastTriggeredConfidenceGeneration(123);
    expect(localStorage.getItem('token')).toBe('t');
    expect(localStorage.getItem('orgId')).toBe('o');
    expect(localStorage.getItem('lastPath')).toBe('/jobs');
    expect(localStorage.getItem(STORAGE_KEYS.baseUrl)).toBe('http://api.test');
    expect(storage.getNavbarCollapsed()).toBe(true);
    expect(localStorage.getItem('lastTriggeredConfidenceGeneration')).toBe('123');
    storage.remove('token');
    expect(storage.get('token')).toBeNull();
  });

  it('treats the navbar as expanded until told otherwise', () => {
    expect(storage.getNavbarCollapsed()).toBe(false);
  });
});
