import type { BackendModule, ReadCallback } from 'i18next';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enException from './locales/en/exception.json';
import enLayout from './locales/en/layout.json';
import enTable from './locales/en/table.json';
import zhAuth from './locales/zh/auth.json';
import zhCommon from './locales/zh/common.json';
import zhException from './locales/zh/exception.json';
import zhLayout from './locales/zh/layout.json';
import zhTable from './locales/zh/table.json';

/**
 * The catalogues the sign-in page and the console frame need before anything renders, in both
 * languages. Every other namespace (one per domain) is its own file, loaded the first time a page
 * asks for it (`useTranslation('devices')` waits for it), so the first load does not grow with
 * every domain.
 */
export const coreResources = {
  en: { common: enCommon, auth: enAuth, layout: enLayout, exception: enException, table: enTable },
  zh: { common: zhCommon, auth: zhAuth, layout: zhLayout, exception: zhException, table: zhTable },
} as const;

export const CORE_NAMESPACES = Object.keys(coreResources.en) as (keyof typeof coreResources.en)[];

type Catalogue = { default: Record<string, unknown> };
const catalogues = import.meta.glob<Catalogue>('./locales/*/*.json');

/** Every namespace that has a catalogue file. */
export const ALL_NAMESPACES = [
  ...new Set(Object.keys(catalogues).map((file) => file.replace(/^.*\/([^/]+)\.json$/, '$1'))),
].sort();

/** Loads a namespace's catalogue file when i18next first needs it. */
export const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language: string, namespace: string, done: ReadCallback) => {
    const load = catalogues[`./locales/${language}/${namespace}.json`];
    if (!load) {
      done(new Error(`no catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
