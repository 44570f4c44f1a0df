import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenLinks,
  checkArchitectureMap,
  type DomainRow,
  mapProblems,
  readDomainTable,
  stalePaths,
} from './architecture-map';

const root = path.resolve(import.meta.dirname, '../..');

const table = (...rows: string[]) =>
  [
    '# Architecture',
    '',
    '## Domains',
    '',
    '| domain | contracts | server | web | what is there | why the names differ |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');

const row = (domain: string, folders: DomainRow['folders'], why = ''): DomainRow => ({
  line: 7,
  domain,
  folders,
  what: 'something',
  why,
});

describe('the domain table of docs/ARCHITECTURE.md', () => {
  it('has a row per domain folder, names only real folders, says why names differ, links and names real files', () => {
    // One problem a line, so the failure reads as the list of changes to make.
    expect(checkArchitectureMap(root).join('\n')).toBe('');
  });
});

describe('readDomainTable', () => {
  it('reads folder names, "-" as no folder, and the cells after them', () => {
    const rows = readDomainTable(table('| tasks | `tasks` | `tasks` | - | remote tasks | no page yet |'));
    expect(rows).toEqual([
      {
        line: 7,
        domain: 'tasks',
        folders: { contracts: 'tasks', server: 'tasks', web: null },
        what: 'remote tasks',
        why: 'no page yet',
      },
    ]);
  });

  it('refuses a page without the heading', () => {
    expect(() => readDomainTable('# Architecture\n')).toThrow('"## Domains" heading');
  });

  it('refuses a table with other columns', () => {
    expect(() => readDomainTable('## Domains\n\n| domain | server |\n| --- | --- |\n')).toThrow(
      '| domain | contracts | server | web | what is there | why the names differ |',
    );
  });
});

describe('mapProblems', () => {
  const disk = { contracts: ['tasks'], server: ['tasks', 'zzz'], web: ['tasks'] };

  it('asks for a row for a folder no row names', () => {
    const rows = [row('tasks', { contracts: 'tasks', server: 'tasks', web: 'tasks' })];
    expect(mapProblems(rows, disk)).toEqual([
      'apps/server/src/modules/zzz has no row: add "| zzz | - | `zzz` | - | <what is there> | <why it has no folder elsewhere> |" to the "## Domains" table, or put zzz in the server column of its domain\'s row',
    ]);
  });

  it('refuses a row naming a folder that does not exist', () => {
    const rows = [
      row('tasks', { contracts: 'tasks', server: 'tasks', web: 'tasks' }),
      row('zzz', { contracts: null, server: 'zzz', web: 'gone' }, 'server and web only'),
    ];
    expect(mapProblems(rows, disk)).toEqual([
      'docs/ARCHITECTURE.md line 7 (zzz) names apps/web/src/features/gone, which does not exist: write the folder\'s name as it is on disk, or "-"',
    ]);
  });

  it('asks why when a place has no folder or another name, and only then', () => {
    const rows = [
      row('tasks', { contracts: 'tasks', server: 'tasks', web: 'tasks' }),
      row('zzz', { contracts: null, server: 'zzz', web: null }),
    ];
    expect(mapProblems(rows, disk)).toEqual([
      'docs/ARCHITECTURE.md line 7 (zzz) has contracts -, server zzz, web -: a domain has one name in all three places, so write in its "why the names differ" cell why this one does not',
    ]);
    rows[1].why = 'server only: a job runner';
    expect(mapProblems(rows, disk)).toEqual([]);
  });

  it('asks for a line saying what a domain holds', () => {
    const rows = [{ ...row('tasks', { contracts: 'tasks', server: 'tasks', web: 'tasks' }), what: '' }];
    expect(mapProblems(rows, { ...disk, server: ['tasks'] })).toEqual([
      'docs/ARCHITECTURE.md line 7 (tasks) has an empty "what is there" cell: say in a line what the domain holds',
    ]);
  });
});

describe('mapProblems on repeated rows', () => {
  it('asks for one row per domain', () => {
    const tasks = row('tasks', { contracts: 'tasks', server: 'tasks', web: 'tasks' });
    expect(
      mapProblems([tasks, { ...tasks, line: 8 }], {
        contracts: ['tasks'],
        server: ['tasks'],
        web: ['tasks'],
      }),
    ).toEqual(['docs/ARCHITECTURE.md line 8 repeats the domain tasks: keep one row per domain']);
  });
});

describe('brokenLinks', () => {
  it('names relative links whose file is missing, and leaves web addresses and anchors alone', () => {
    const page = '[a](../here.md) [b](../gone.md#part) [c](https://example.com/x) [d](#domains)';
    const exists = (file: string) => file === path.join('/repo', 'here.md');
    expect(brokenLinks(page, '/repo/docs', exists)).toEqual(['../gone.md']);
  });
});

describe('stalePaths', () => {
  it('names backticked files that no path ends with, once, and leaves folders and placeholders alone', () => {
    const files = ['apps/server/src/shared/sql.ts', 'apps/server/src/layers.test.ts', 'README.md'];
    const page =
      '`shared/sql.ts` `layers.test.ts` `README.md` `users/account-scope.ts` `users/account-scope.ts` ' +
      '`ql.ts` `crud/` `<domain>.table.ts` `npm test`';
    expect(stalePaths(page, files)).toEqual(['users/account-scope.ts', 'ql.ts']);
  });
});
