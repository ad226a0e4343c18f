import { describe, expect, it } from 'vitest';
import { avatarColorOf, fieldErrorsOf, initialsOf, isHttpUrl, isImageUrl } from './apps-management.ts';

describe('connected apps helpers', () => {
  it('maps each 422 issue to the field its loc names, the rest to general messages', () => {
    const fields = new Set(['name', 'baseUrl', 'apiKey']);
    expect(
      fieldErrorsOf(
        [
          { loc: ['body', 'baseUrl'], msg: 'must be an http(s) URL' },
          { loc: ['body', 'name'], msg: 'must not be empty' },
          { loc: ['body', 'name'], msg: 'too long' },
          { loc: ['body', 'kind'], msg: 'unknown kind' },
          { msg: 'no loc at all' },
        ],
        fields,
      ),
    ).toEqual({
      fields: { baseUrl: 'must be an http(s) URL', name: 'must not be empty; too long' },
      general: ['unknown kind', 'no loc at all'],
    });
  });

  it('takes the deepest field named in the loc', () => {
    expect(
      fieldErrorsOf([{ loc: ['body', 'name', 0, 'baseUrl'], msg: 'x' }], new Set(['name', 'baseUrl'])),
    ).toEqual({ fields: { baseUrl: 'x' }, general: [] });
  });

  it('accepts only http(s) URLs with a host', () => {
    expect(isHttpUrl('https://api.acme.test')).toBe(true);
    expect(isHttpUrl(' http://localhost:8080/v1 ')).toBe(true);
    for (const bad of ['api.acme.test', 'ftp://acme.test', 'not a url', '', 'javascript:alert(1)'])
      expect(isHttpUrl(bad), bad).toBe(false);
  });

  it('shows a logo as an image only for an image URL', () => {
    expect(isImageUrl('https://cdn.acme.test/logo.png')).toBe(true);
    expect(isImageUrl('data:image/png;base64,AAAA')).toBe(true);
    expect(isImageUrl('AL')).toBe(false);
    expect(isImageUrl(null)).toBe(false);
    expect(isImageUrl('javascript:alert(1)')).toBe(false);
  });

  it('makes initials from the first two words, or the first two letters of one word', () => {
    expect(initialsOf('Acme Ledger')).toBe('AL');
    expect(initialsOf('  stripe ')).toBe('ST');
    expect(initialsOf('x')).toBe('X');
    expect(initialsOf('   ')).toBe('?');
  });

  it('gives a name always the same dark avatar colour', () => {
    expect(avatarColorOf('Acme Ledger')).toBe(avatarColorOf('Acme Ledger'));
    expect(avatarColorOf('Acme Ledger')).toMatch(/\.(8|9)$/);
  });
});
