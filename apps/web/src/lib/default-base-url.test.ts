import { describe, expect, it } from 'vitest';
import { defaultBaseUrl } from './http.ts';

describe('defaultBaseUrl', () => {
  it('is the page origin plus /api unless overridden in local storage', () => {
    expect(defaultBaseUrl()).toBe(`${window.location.origin}/api`);
    localStorage.setItem('baseURL', 'https://api.example.com/api');
    expect(defaultBaseUrl()).toBe('https://api.example.com/api');
  });
});
