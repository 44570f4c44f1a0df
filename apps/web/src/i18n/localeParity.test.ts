import { describe, expect, it } from 'vitest';
import { resources } from './resources';

type Tree = { [key: string]: string | Tree };

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

const valuesOf = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : valuesOf(value)));

describe('locale catalogues', () => {
  const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];

  it('have the same namespaces in both languages', () => {
    expect(Object.keys(resources.zh).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('namespace %s has identical keys in en and zh', (ns) => {
    expect(keysOf(resources.zh[ns] as Tree).sort()).toEqual(keysOf(resources.en[ns] as Tree).sort());
  });

  it.each(namespaces)('namespace %s has no empty texts', (ns) => {
    for (const lang of ['en', 'zh'] as const) {
      expect(valuesOf(resources[lang][ns] as Tree).every((text) => text.trim().length > 0)).toBe(true);
    }
  });
});
