import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type AppLanguage, detectLanguage, I18N_CODE, saveLanguage } from './detectLanguage';
import { resources } from './resources';

export const NAMESPACES = [
  'common',
  'auth',
  'layout',
  'exception',
  'table',
  'messages',
  'accounts',
  'devices',
  'chart',
  'map',
  'kit',
  'crud',
  'datacenter',
] as const;

const DAYJS_LOCALE: Record<AppLanguage, string> = { cn: 'zh-cn', en: 'en' };

/** Starts i18next with the detected language; safe to call more than once. */
export const initI18n = (language: AppLanguage = detectLanguage()) => {
  dayjs.locale(DAYJS_LOCALE[language]);
  document.documentElement.lang = I18N_CODE[language] === 'zh' ? 'zh-CN' : 'en';
  if (i18n.isInitialized) return i18n;
  void i18n.use(initReactI18next).init({
    resources,
    lng: I18N_CODE[language],
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
};

/** The current language as the spec stores it. */
export const currentLanguage = (): AppLanguage => (i18n.language === 'zh' ? 'cn' : 'en');

/** Switches language everywhere: texts, dates, the stored choice. */
export const changeLanguage = async (language: AppLanguage): Promise<void> => {
  saveLanguage(language);
  dayjs.locale(DAYJS_LOCALE[language]);
  document.documentElement.lang = I18N_CODE[language] === 'zh' ? 'zh-CN' : 'en';
  await i18n.changeLanguage(I18N_CODE[language]);
};

export { i18n };
