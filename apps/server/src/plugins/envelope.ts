import { type Envelope, ERRORS, type ErrorKey, HTTP_STATUS } from '@cpm/contracts';

/** The success envelope around a result. */
export const okEnvelope = <T>(result: T): Envelope<T> => ({
  code: 1,
  message: ERRORS.ok.zh,
  messageEn: ERRORS.ok.en,
  msg: ERRORS.ok.zh,
  result,
});

/** The envelope and HTTP status for a catalogue error. */
export const errorEnvelope = (
  key: ErrorKey,
  result: unknown = null,
): { status: number; body: Envelope<unknown> } => {
  const entry = ERRORS[key];
  return {
    status: HTTP_STATUS[entry.code],
    body: { code: entry.code, message: entry.zh, messageEn: entry.en, msg: entry.zh, result },
  };
};
