import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letter of the first two words, in capitals', () => {
    expect(initialsOf('Capital City Marathon')).toBe('CC');
    expect(initialsOf('desert dawn 10K')).toBe('DD');
    expect(initialsOf('Lisbon')).toBe('L');
  });

  it('reads letters of any script, digits, and skips what is not a word', () => {
    expect(initialsOf('ångström 10K')).toBe('Å1');
    expect(initialsOf('  — "Zoë" (O’Brien) ')).toBe('ZO');
    expect(initialsOf('東京 マラソン')).toBe('東マ');
  });

  it('answers one letter when asked for one (a person), and ? when there is none', () => {
    expect(initialsOf('Ada Runner', 1)).toBe('A');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf(' -- ')).toBe('?');
  });
});
