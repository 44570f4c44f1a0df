import type { AppLanguage } from '../i18n/detectLanguage';

type EnvelopeTexts = { message?: string | null; messageEn?: string | null; msg?: string | null };

/** The envelope's text for the user: `messageEn` in English, else `message`, else `msg` (spec section 8). */
export const pickMessage = (envelope: EnvelopeTexts, language: AppLanguage): string => {
  if (language === 'en' && envelope.messageEn) return envelope.messageEn;
  return envelope.message || envelope.msg || envelope.messageEn || '';
};
