import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const EN = path.join(import.meta.dirname, 'locales', 'en');

type Tree = { [key: string]: string | Tree };

const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );

/** "{{count}} rows", "the {{count}} selected terminals": a number followed, soon, by a plural noun. */
const COUNTED_PLURAL =
  /\{\{count\}\}(?: \w+)? \w+(?<!s)s\b|\{\{count\}\}[^.?!]*\b(?:entries|rows|terminals|messages|files)\b/;

describe('English plurals', () => {
  it('every text that counts something in the plural has its singular form (key_one)', () => {
    const missing: string[] = [];
    for (const file of readdirSync(EN).filter((f) => f.endsWith('.json'))) {
      const texts = new Map(leaves(JSON.parse(readFileSync(path.join(EN, file), 'utf8')) as Tree));
      for (const [key, text] of texts) {
        if (/_(one|other|zero|two|few|many)$/.test(key)) continue;
        if (COUNTED_PLURAL.test(text) && !texts.has(`${key}_one`))
          missing.push(`${file}: ${key} = "${text}"`);
      }
    }
    expect(missing).toEqual([]);
  });
});
