import { describe, expect, it } from 'vitest';
import { type CopyNames, type CountedTable, planLoadPasses } from './database-copy.js';

const NAMES: CopyNames = { action: 'copy the embedded database', source: 'the source', target: 'the target' };
/** Tables by name, in the content's order, each holding `rows` rows. */
const tablesOf = (names: string[], rows = 1): CountedTable[] =>
  names.map((name) => ({ name, columns: [], rows }));
const referencing = (entries: [string, string[]][]) =>
  new Map(entries.map(([table, referenced]) => [table, new Set(referenced)]));
const namesOf = (passes: Set<string>[]) => passes.map((pass) => [...pass]);

describe('planLoadPasses', () => {
  it('takes one pass in the content order when every table comes after those it refers to', () => {
    const tables = tablesOf(['users', 'marathons', 'registrations']);
    const references = referencing([
      ['marathons', ['users']],
      ['registrations', ['marathons', 'users']],
    ]);

    expect(namesOf(planLoadPasses(tables, references, NAMES))).toEqual([
      ['users', 'marathons', 'registrations'],
    ]);
  });

  it('puts a table into a later pass when it comes before a table it refers to', () => {
    const tables = tablesOf(['accounts', 'marathons', 'registrations', 'sessions', 'users', 'verifications']);
    const references = referencing([
      ['accounts', ['users']],
      ['marathons', ['users']],
      ['registrations', ['marathons', 'users']],
      ['sessions', ['users']],
    ]);

    expect(namesOf(planLoadPasses(tables, references, NAMES))).toEqual([
      ['users', 'verifications'],
      ['accounts', 'marathons', 'registrations', 'sessions'],
    ]);
  });

  it('leaves out tables without rows, which need no order', () => {
    const tables = [...tablesOf(['accounts', 'users'], 0), ...tablesOf(['sessions'])];
    const references = referencing([
      ['accounts', ['users']],
      ['sessions', ['users']],
    ]);

    expect(namesOf(planLoadPasses(tables, references, NAMES))).toEqual([['sessions']]);
  });

  it('refuses a cycle of foreign keys, naming its tables', () => {
    const tables = tablesOf(['a', 'b', 'c']);
    const references = referencing([
      ['a', ['b']],
      ['b', ['a']],
    ]);

    expect(() => planLoadPasses(tables, references, NAMES)).toThrow(
      'Cannot copy the embedded database: without a superuser role the tables are loaded after the tables they ' +
        'refer to, but the foreign keys of a, b in the target form a cycle or refer to their own table. Copy as a ' +
        'superuser role.',
    );
  });

  it('refuses a table that refers to itself', () => {
    expect(() =>
      planLoadPasses(tablesOf(['comments']), referencing([['comments', ['comments']]]), NAMES),
    ).toThrow('the foreign keys of comments in the target form a cycle or refer to their own table');
  });
});
