import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, findPasswordProblem, signUpSchema } from './auth.js';

describe('password rules (docs/SPEC.md §5)', () => {
  it.each([
    ['', PASSWORD_MESSAGES.tooShort],
    ['abcde', PASSWORD_MESSAGES.tooShort],
    ['ABC12', PASSWORD_MESSAGES.tooShort],
    ['ABCDEF', PASSWORD_MESSAGES.noLowercase],
    ['123456', PASSWORD_MESSAGES.noLowercase],
    ['abcdef', PASSWORD_MESSAGES.noUppercase],
    ['a'.repeat(129) + 'A', PASSWORD_MESSAGES.tooLong],
  ])('%j breaks the first rule in order: %s', (password, message) => {
    expect(findPasswordProblem(password)).toBe(message);
  });

  it('accepts six characters with a lowercase and an uppercase letter', () => {
    expect(findPasswordProblem('abcdeF')).toBeNull();
  });

  it('reports only the first failing rule through the schema', () => {
    const result = signUpSchema.safeParse({ name: 'A', email: 'a@b.co', photoURL: '', password: 'ab' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_MESSAGES.tooShort]);
  });

  it('rejects a photo URL that is not http(s)', () => {
    const result = signUpSchema.safeParse({
      name: 'A',
      email: 'a@b.co',
      photoURL: 'javascript:alert(1)',
      password: 'abcdeF',
    });
    expect(result.error?.issues[0]?.path).toEqual(['photoURL']);
  });
});
