import { describeIssue, type FieldError, FieldErrorSchema } from '@cpm/contracts';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { ApiError } from '../../api/httpClient';

type Shape = Record<string, z.ZodType>;
export type ObjectSchema = z.ZodObject<Shape>;
type Lang = 'zh' | 'en' | string;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

const pick = (text: { zh: string; en: string }, lang: Lang) => (lang === 'zh' ? text.zh : text.en);

/** Whether the contract refuses an absent value for this field. */
export const isRequired = (schema: ObjectSchema, name: string): boolean => {
  const field = schema.shape[name];
  return field ? !field.safeParse(undefined).success : false;
};

/**
 * antd rules of one form field, taken from the contract's schema: required when the schema refuses an
 * absent value (or the form always needs it, e.g. a password when creating), then the schema's own check with the same texts the server would answer.
 */
export const zodRules = (schema: ObjectSchema, name: string, lang: Lang, alwaysRequired = false): Rule[] => {
  const field = schema.shape[name];
  if (!field) return [];
  const required = alwaysRequired || isRequired(schema, name);
  const requiredText = pick({ zh: '此项为必填项', en: 'This field is required' }, lang);
  return [
    { required, message: requiredText },
    {
      validator: async (_rule, value: unknown) => {
        if (blank(value)) return;
        const parsed = field.safeParse(value);
        if (!parsed.success) throw new Error(pick(describeIssue(parsed.error.issues[0]), lang));
      },
    },
  ];
};

/** Form values as the contract wants them: only the schema's fields, blank optional ones left out. */
export const toContractValues = <T extends Record<string, unknown>>(schema: ObjectSchema, values: T): T =>
  Object.fromEntries(
    Object.entries(values).filter(
      ([k, v]) => Object.hasOwn(schema.shape, k) && !(blank(v) && !isRequired(schema, k)),
    ),
  ) as T;

const FieldErrorListSchema = FieldErrorSchema.array();

/** The field list of a refused request, or nothing when the answer was not a field-by-field 400. */
export const fieldErrorsOf = (error: unknown): FieldError[] => {
  if (!(error instanceof ApiError) || error.code !== 400) return [];
  const result = error.envelope?.result;
  const list = typeof result === 'object' && result !== null && 'errors' in result ? result.errors : null;
  const parsed = FieldErrorListSchema.safeParse(list);
  return parsed.success ? parsed.data : [];
};

/** `body.items.0.name` to the form path `['items', 0, 'name']`. */
export const toFormPath = (field: string): (string | number)[] =>
  field
    .split('.')
    .filter((part, i) => !(i === 0 && (part === 'body' || part === 'query')))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export type ServerErrorMapping = {
  /** For antd `form.setFields`: each known field with its texts in the current language. */
  fields: { name: (string | number)[]; errors: string[] }[];
  /** Texts of errors that name no field of this form. */
  other: string[];
};

/** Sorts the server's field errors onto the form's fields; the rest are returned to show above it. */
export const mapServerErrors = (
  errors: FieldError[],
  fieldNames: readonly string[],
  lang: Lang,
): ServerErrorMapping => {
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const other: string[] = [];
  for (const error of errors) {
    const text = lang === 'zh' ? error.message : error.messageEn;
    const path = toFormPath(error.field);
    if (!path.length || !fieldNames.includes(String(path[0]))) {
      other.push(text);
      continue;
    }
    const key = path.join('.');
    const entry = byField.get(key) ?? { name: path, errors: [] };
    entry.errors.push(text);
    byField.set(key, entry);
  }
  return { fields: [...byField.values()], other };
};

/** Puts a refused save's field errors on the form; answers the texts that fit no field. */
export const applyServerErrors = (
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  fieldNames: readonly string[],
  lang: Lang,
): string[] => {
  const { fields, other } = mapServerErrors(fieldErrorsOf(error), fieldNames, lang);
  if (fields.length) form.setFields(fields);
  return other;
};
