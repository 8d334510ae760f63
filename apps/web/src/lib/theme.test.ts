import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@stride/shared';
import { resolveTheme } from './theme';

describe('resolveTheme', () => {
  it('prefers the stored choice over the system preference', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('falls back to the system preference when nothing valid is stored', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme('purple', false)).toBe('light');
  });
});

describe('theme-init.js (runs before first paint)', () => {
  it('reads the same storage key as the app writes', () => {
    const script = readFileSync(new URL('../../public/theme-init.js', import.meta.url), 'utf8');
    expect(script).toContain(`'${THEME_STORAGE_KEY}'`);
  });
});
