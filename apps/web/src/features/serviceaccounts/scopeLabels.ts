import { DEFAULT_MENU } from '@cpm/contracts/menu-tree';

type Names = { zh: string; en: string };

/** Each permission key's page and button names in both languages, from the default menu tree. */
const LABELS = new Map<string, { page: Names; action: Names | null }>(
  DEFAULT_MENU.flatMap((m) =>
    m.pages.flatMap((p) => [
      [`${p.resource}:view`, { page: p, action: null }] as const,
      ...p.buttons.map((b) => [`${p.resource}:${b.action}`, { page: p, action: b }] as const),
    ]),
  ),
);

/** A scope as people read it, "Page › Button" ("Page › View" for a page's view key), then its key. */
export const scopeLabel = (key: string, language: string, view: string) => {
  const found = LABELS.get(key);
  if (!found) return key;
  const lang = language.startsWith('zh') ? 'zh' : 'en';
  return `${found.page[lang]} › ${found.action ? found.action[lang] : view} (${key})`;
};
