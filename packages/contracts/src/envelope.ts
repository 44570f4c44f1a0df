import { z } from 'zod';
import type { EnvelopeCode } from './errors';

/** The answer to every call: `message` is Chinese, `messageEn` English, `msg` a fallback text. */
export type Envelope<T> = {
  /** 1 on success; see CODE for the rest. */
  code: EnvelopeCode;
  /** Chinese text. */
  message: string;
  /** English text. */
  messageEn: string;
  /** Fallback text (Chinese). */
  msg: string;
  /** The payload, or null. */
  result: T;
};

/** Schema of the envelope around a result schema (used for OpenAPI and client checks). */
/* @__NO_SIDE_EFFECTS__ */
export const envelopeSchema = <T extends z.ZodType>(result: T) =>
  z.object({
    code: z.number().int(),
    message: z.string(),
    messageEn: z.string(),
    msg: z.string(),
    result,
  });

/** One field that failed validation, in both languages. */
export const FieldErrorSchema = z.object({
  /** Dotted path of the field, e.g. `body.username`. */
  field: z.string(),
  /** Chinese text. */
  message: z.string(),
  /** English text. */
  messageEn: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;
