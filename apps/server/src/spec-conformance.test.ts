import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/spec-conformance.md maps every rule of the specification's sections 2 to 9 to the test
// that checks it or to a recorded decision. This test keeps that document true: every named test
// exists, every rule id is unique, and the counts at its top add up.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DOC = join(ROOT, 'docs', 'spec-conformance.md');

type Ref = { file: string; name: string };
type Row = { id: string; section: string; spec: string; tests: Ref[]; decision: string; line: number };

const NONE = '—';

/** Splits a Markdown table row on the pipes that are not escaped. */
const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

/** Reads `path` › name entries, several joined by <br>. */
const parseRefs = (cell: string): Ref[] | string => {
  if (cell === NONE) return [];
  const refs: Ref[] = [];
  for (const part of cell.split('<br>')) {
    const m = /^`([^`]+)` › (.+)$/.exec(part.trim());
    if (!m) return `cannot read the test reference "${part}"`;
    refs.push({ file: m[1] as string, name: (m[2] as string).trim().replace(/\\\|/g, '|') });
  }
  return refs;
};

const parseDoc = (text: string) => {
  const rows: Row[] = [];
  const problems: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (!/^\| S\d-\d{3} /.test(line)) return;
    const c = cells(line);
    if (c.length !== 5) {
      problems.push(`line ${i + 1}: ${c.length} cells, want 5 (id, section, spec, test, decision)`);
      return;
    }
    const [id, section, spec, testCell, decision] = c as [string, string, string, string, string];
    const tests = parseRefs(testCell);
    if (typeof tests === 'string') {
      problems.push(`line ${i + 1} (${id}): ${tests}`);
      return;
    }
    rows.push({ id, section, spec, tests, decision: decision === NONE ? '' : decision, line: i + 1 });
  });
  return { rows, problems };
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** True when the file declares it(...) or test(...) with exactly this name as its first argument. */
const declaresTest = (source: string, name: string): boolean => {
  const quoted = escapeRegExp(name);
  return new RegExp(
    `\\b(?:it|test)(?:\\.(?:only|skip|concurrent|fails|each\\([^)]*\\)))*\\(\\s*(['"\`])${quoted}\\1`,
  ).test(source);
};

const text = readFileSync(DOC, 'utf8');
const { rows, problems } = parseDoc(text);

describe('docs/spec-conformance.md', () => {
  it('has rows it can read, for every section from 2 to 9', () => {
    expect(problems).toEqual([]);
    expect([...new Set(rows.map((r) => r.section))].sort()).toEqual(['2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('tells a declared test from a name that only appears elsewhere in the file', () => {
    const source =
      "describe('users', () => {\n  it('refuses a duplicate username', () => {});\n  // refuses a comment\n});";
    expect(declaresTest(source, 'refuses a duplicate username')).toBe(true);
    expect(declaresTest(source, 'refuses a duplicate')).toBe(false);
    expect(declaresTest(source, 'refuses a comment')).toBe(false);
    expect(declaresTest("  it.each(['a'])('accepts %s', () => {});", 'accepts %s')).toBe(true);
  });

  it('gives every rule a unique id of its own section', () => {
    const seen = new Map<string, number>();
    const repeated: string[] = [];
    for (const r of rows) {
      if (seen.has(r.id)) repeated.push(`${r.id} (lines ${seen.get(r.id)} and ${r.line})`);
      seen.set(r.id, r.line);
    }
    expect(repeated).toEqual([]);
    const wrongSection = rows.filter((r) => r.section !== r.id.slice(1, 2)).map((r) => r.id);
    expect(wrongSection).toEqual([]);
  });

  it('gives every rule the spec words and a test or a recorded decision', () => {
    const empty = rows.filter((r) => !r.spec || r.spec === NONE).map((r) => r.id);
    expect(empty).toEqual([]);
    const bare = rows.filter((r) => r.tests.length === 0 && !r.decision).map((r) => r.id);
    expect(bare).toEqual([]);
  });

  it('names only test files that exist and tests they declare', () => {
    const missing: string[] = [];
    const sources = new Map<string, string | null>();
    for (const r of rows) {
      for (const ref of r.tests) {
        if (!sources.has(ref.file)) {
          const path = join(ROOT, ref.file);
          sources.set(ref.file, existsSync(path) ? readFileSync(path, 'utf8') : null);
        }
        const source = sources.get(ref.file);
        if (source == null) missing.push(`${r.id}: no file ${ref.file}`);
        else if (!declaresTest(source, ref.name))
          missing.push(`${r.id}: no test "${ref.name}" in ${ref.file}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('states counts at the top that match the rows', () => {
    const m =
      /Rules: \*\*(\d+)\*\*; checked by a test: \*\*(\d+)\*\*; recorded decisions: \*\*(\d+)\*\* \(\*\*(\d+)\*\* of them with a test of what the product does\)/.exec(
        text,
      );
    expect(m, 'the counts line').not.toBeNull();
    const [, total, tested, decisions, decidedWithTest] = (m as RegExpExecArray).map(Number);
    const decided = rows.filter((r) => r.decision);
    expect({
      total,
      tested,
      decisions,
      decidedWithTest,
    }).toEqual({
      total: rows.length,
      tested: rows.length - decided.length,
      decisions: decided.length,
      decidedWithTest: decided.filter((r) => r.tests.length > 0).length,
    });
  });
});
