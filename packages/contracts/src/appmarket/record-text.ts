import { z } from 'zod';

/**
 * Texts the server writes on app operation records, each rendered in the reader's language from
 * the catalogue (`appmarket:records.texts.<key>`) with its values:
 * `versionChange`: `before` and `after` (version codes); `installTask`: `terminals`;
 * `installTaskFailed`: `error` (an error catalogue key, empty when unknown);
 * `officialRelease`: `version`; `rollback`: `version` and `terminals`;
 * `healthPause`: `breaches` (comma-separated breach codes), `gray` and `rest` (crashes per terminal).
 */
export const APP_RECORD_TEXT_KEYS = [
  'versionChange',
  'installTask',
  'installTaskFailed',
  'officialRelease',
  'rollback',
  'healthPause',
] as const;
export type AppRecordTextKey = (typeof APP_RECORD_TEXT_KEYS)[number];

/** A text the server wrote on an operation record, as a catalogue key and the values it names. */
export const AppRecordTextSchema = z.object({
  key: z.enum(APP_RECORD_TEXT_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type AppRecordText = z.infer<typeof AppRecordTextSchema>;
