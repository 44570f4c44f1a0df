import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The three places a domain has a folder, as the domain table's columns name them. */
export const PLACES = {
  contracts: 'packages/contracts/src',
  server: 'apps/server/src/modules',
  web: 'apps/web/src/features',
} as const;

export type Place = keyof typeof PLACES;

/** One row of the domain table: a folder name per place, or null where the row says "-". */
export type DomainRow = {
  line: number;
  domain: string;
  folders: Record<Place, string | null>;
  what: string;
  why: string;
};

const HEADING = '## Domains';
const COLUMNS = ['domain', 'contracts', 'server', 'web', 'what is there', 'why the names differ'];

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

const folderOf = (cell: string) => (cell === '-' ? null : cell.replace(/^`|`$/g, ''));

/** Reads the table under `## Domains`; throws with what to fix when the heading or header is wrong. */
export const readDomainTable = (markdown: string): DomainRow[] => {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === HEADING);
  if (start < 0) throw new Error(`docs/ARCHITECTURE.md has no "${HEADING}" heading above its domain table`);
  const first = lines.findIndex((line, i) => i > start && line.trim().startsWith('|'));
  const header = first < 0 ? [] : cellsOf(lines[first]).map((cell) => cell.toLowerCase());
  if (header.join('|') !== COLUMNS.join('|'))
    throw new Error(`the table under "${HEADING}" must have the columns | ${COLUMNS.join(' | ')} |`);
  const rows: DomainRow[] = [];
  for (let i = first + 2; i < lines.length && lines[i].trim().startsWith('|'); i++) {
    const [domain, contracts, server, web, what = '', why = ''] = cellsOf(lines[i]);
    rows.push({
      line: i + 1,
      domain,
      folders: { contracts: folderOf(contracts), server: folderOf(server), web: folderOf(web) },
      what,
      why,
    });
  }
  return rows;
};

/** Folder names directly inside `dir`. */
export const foldersIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** Everything wrong between the folders on disk and the table, each as the change that fixes it. */
export const mapProblems = (rows: DomainRow[], onDisk: Record<Place, string[]>): string[] => {
  const problems: string[] = [];
  const places = Object.keys(PLACES) as Place[];
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.domain))
      problems.push(
        `docs/ARCHITECTURE.md line ${row.line} repeats the domain ${row.domain}: keep one row per domain`,
      );
    seen.add(row.domain);
  }
  for (const place of places) {
    const named = new Set(rows.map((row) => row.folders[place]));
    for (const folder of onDisk[place]) {
      if (named.has(folder)) continue;
      const cells = places.map((p) => (p === place ? `\`${folder}\`` : '-')).join(' | ');
      problems.push(
        `${PLACES[place]}/${folder} has no row: add "| ${folder} | ${cells} | <what is there> | <why it has no folder elsewhere> |" to the "${HEADING}" table, or put ${folder} in the ${place} column of its domain's row`,
      );
    }
  }
  for (const row of rows) {
    const where = `docs/ARCHITECTURE.md line ${row.line} (${row.domain})`;
    for (const place of places) {
      const folder = row.folders[place];
      if (folder !== null && !onDisk[place].includes(folder))
        problems.push(
          `${where} names ${PLACES[place]}/${folder}, which does not exist: write the folder's name as it is on disk, or "-"`,
        );
    }
    if (row.what === '')
      problems.push(`${where} has an empty "what is there" cell: say in a line what the domain holds`);
    const names = places.map((place) => row.folders[place]);
    const alike = names.every((name) => name !== null && name === row.domain);
    if (!alike && row.why === '')
      problems.push(
        `${where} has ${places.map((p, i) => `${p} ${names[i] ?? '-'}`).join(', ')}: a domain has one name in all three places, so write in its "why the names differ" cell why this one does not`,
      );
  }
  return problems;
};

/** Relative links of a markdown page (`[text](target)`) whose target does not exist beside it. */
export const brokenLinks = (markdown: string, pageDir: string, exists: (file: string) => boolean): string[] =>
  [...markdown.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
    .map((match) => match[1])
    .filter((target) => !/^[a-z]+:/.test(target) && !exists(path.join(pageDir, target)));

const NOT_SOURCES = new Set(['node_modules', '.git', 'dist', '.tsbuild', 'test-results']);

/** Every file under `root`, by its path from there with "/" between folders; no dependencies or builds. */
export const repositoryFiles = (root: string, dir = ''): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (NOT_SOURCES.has(entry.name)) return [];
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? repositoryFiles(root, relative) : [relative];
  });

/**
 * Backticked file names of a page (`shared/sql.ts`, `layers.test.ts`) that no file's path ends with,
 * as a page names a file by as much of its path as makes it clear.
 */
export const stalePaths = (markdown: string, files: string[]): string[] => {
  const named = [...markdown.matchAll(/`([\w./-]+\.(?:ts|tsx|mjs|js|md|json|sql|sh))`/g)].map((m) => m[1]);
  return [...new Set(named)].filter(
    (name) => !files.some((file) => file === name || file.endsWith(`/${name}`)),
  );
};

/** The pages whose file names `checkArchitectureMap` holds to the repository. */
export const PAGES_NAMING_FILES = ['docs/ARCHITECTURE.md', 'docs/recipes/new-domain.md'];

/** The problems of the repository at `root`. */
export const checkArchitectureMap = (root: string): string[] => {
  const markdown = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const onDisk = {
    contracts: foldersIn(path.join(root, PLACES.contracts)),
    server: foldersIn(path.join(root, PLACES.server)),
    web: foldersIn(path.join(root, PLACES.web)),
  };
  const links = brokenLinks(markdown, path.join(root, 'docs'), existsSync).map(
    (target) =>
      `docs/ARCHITECTURE.md links to ${target}, which does not exist: point it at the file's new place`,
  );
  const files = repositoryFiles(root);
  const stale = PAGES_NAMING_FILES.flatMap((page) =>
    stalePaths(readFileSync(path.join(root, page), 'utf8'), files).map(
      (name) => `${page} names ${name}, which no file is: write the file's new path, or drop it`,
    ),
  );
  return [...mapProblems(readDomainTable(markdown), onDisk), ...links, ...stale];
};
