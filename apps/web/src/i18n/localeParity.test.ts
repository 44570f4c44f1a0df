import { describe, expect, it } from 'vitest';
import { ALL_NAMESPACES, CORE_NAMESPACES, coreResources } from './resources';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
const catalogue = (lang: 'en' | 'zh', ns: string): Tree | undefined => files[`./locales/${lang}/${ns}.json`];

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

const entriesOf = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entriesOf(value, `${prefix}${key}.`),
  );

const valuesOf = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : valuesOf(value)));

describe('locale catalogues', () => {
  it('have the same namespaces in both languages', () => {
    const of = (lang: string) =>
      Object.keys(files)
        .filter((f) => f.startsWith(`./locales/${lang}/`))
        .map((f) => f.replace(/^.*\//, ''))
        .sort();
    expect(of('zh')).toEqual(of('en'));
    expect(ALL_NAMESPACES.length).toBeGreaterThan(CORE_NAMESPACES.length);
  });

  it('bundle the frame namespaces as they are in their files', () => {
    for (const ns of CORE_NAMESPACES) {
      expect(coreResources.en[ns]).toEqual(catalogue('en', ns));
      expect(coreResources.zh[ns]).toEqual(catalogue('zh', ns));
    }
  });

  it.each(ALL_NAMESPACES)('namespace %s has identical keys in en and zh', (ns) => {
    expect(keysOf(catalogue('zh', ns) ?? {}).sort()).toEqual(keysOf(catalogue('en', ns) ?? {}).sort());
  });

  it.each(ALL_NAMESPACES)('namespace %s shows no raw key as a text', (ns) => {
    const keys = new Set(keysOf(catalogue('en', ns) ?? {}));
    for (const lang of ['en', 'zh'] as const) {
      const raw = entriesOf(catalogue(lang, ns) ?? {}).filter(([key, text]) => {
        const leaf = key.split('.').pop() as string;
        return (
          // A key path in place of its text (what i18next shows for a missing entry).
          (text.includes('.') && (keys.has(text) || text === `${ns}:${key}`)) ||
          text === `${ns}:${key}` ||
          // An identifier such as `lastSeen` left as the text of its own key.
          (text === leaf && (/[A-Z_]/.test(leaf) || lang === 'zh'))
        );
      });
      expect(raw, `${lang}/${ns}`).toEqual([]);
    }
  });

  it.each(ALL_NAMESPACES)('namespace %s has no empty texts', (ns) => {
    for (const lang of ['en', 'zh'] as const) {
      const values = valuesOf(catalogue(lang, ns) ?? {});
      expect(values.length).toBeGreaterThan(0);
      expect(values.every((text) => text.trim().length > 0)).toBe(true);
    }
  });
});
