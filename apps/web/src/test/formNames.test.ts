import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });

/** Each antd `<Form ...>` opening tag (attributes may span lines; none holds a `>` of its own here). */
const FORM_TAG = /<Form(?=[\s>])[^>]*>/g;

describe('antd forms', () => {
  it('all carry a name, so their field ids never repeat another form’s on the page', () => {
    const unnamed = sourceFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(FORM_TAG)]
        .filter(([tag]) => !/\sname=/.test(tag))
        .map(([tag]) => `${path.relative(SRC, file)}: ${tag.replace(/\s+/g, ' ').slice(0, 60)}`),
    );
    expect(unnamed).toEqual([]);
  });
});
