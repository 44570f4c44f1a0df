import { STORAGE_KEYS } from '../shared/session/storage';

/** Language values as the spec stores them. */
export type AppLanguage = 'cn' | 'en';

/** i18next language codes for each stored value. */
export const I18N_CODE: Record<AppLanguage, 'zh' | 'en'> = { cn: 'zh', en: 'en' };

const isAppLanguage = (value: unknown): value is AppLanguage => value === 'cn' || value === 'en';

/** Saved choice first, then the browser's languages, then English (spec section 1). */
export const detectLanguage = (
  saved: string | null = localStorage.getItem(STORAGE_KEYS.language),
  browser: readonly string[] = typeof navigator === 'undefined'
    ? []
    : (navigator.languages ?? [navigator.language]),
): AppLanguage => {
  if (isAppLanguage(saved)) return saved;
  for (const tag of browser) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'cn';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
};

/** Persists the chosen language under the spec's key. */
export const saveLanguage = (language: AppLanguage): void => {
  localStorage.setItem(STORAGE_KEYS.language, language);
};
