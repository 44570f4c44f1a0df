import { z } from 'zod';
import type { FieldError } from './envelope';

type Issue = z.core.$ZodIssue;

const FORMAT_NAMES: Record<string, [string, string]> = {
  email: ['邮箱', 'email address'],
  url: ['网址', 'URL'],
  uuid: ['UUID', 'UUID'],
  regex: ['格式', 'format'],
};

/** Both-language texts for one validation issue. */
export const describeIssue = (issue: Issue): { zh: string; en: string } => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { zh: '此项为必填项', en: 'This field is required' };
      return { zh: `类型应为 ${issue.expected}`, en: `Expected ${issue.expected}` };
    case 'too_small':
      if (issue.origin === 'string')
        return {
          zh: `长度不能少于 ${issue.minimum} 个字符`,
          en: `Must be at least ${issue.minimum} characters`,
        };
      if (issue.origin === 'array')
        return { zh: `至少需要 ${issue.minimum} 项`, en: `Needs at least ${issue.minimum} items` };
      return { zh: `不能小于 ${issue.minimum}`, en: `Must be at least ${issue.minimum}` };
    case 'too_big':
      if (issue.origin === 'string')
        return {
          zh: `长度不能超过 ${issue.maximum} 个字符`,
          en: `Must be at most ${issue.maximum} characters`,
        };
      if (issue.origin === 'array')
        return { zh: `最多 ${issue.maximum} 项`, en: `Allows at most ${issue.maximum} items` };
      return { zh: `不能大于 ${issue.maximum}`, en: `Must be at most ${issue.maximum}` };
    case 'invalid_format': {
      const [zh, en] = FORMAT_NAMES[issue.format] ?? [issue.format, issue.format];
      return { zh: `${zh}格式不正确`, en: `Not a valid ${en}` };
    }
    case 'unrecognized_keys':
      return { zh: `不允许的字段：${issue.keys.join(', ')}`, en: `Unknown fields: ${issue.keys.join(', ')}` };
    case 'invalid_value':
      return {
        zh: `取值应为：${issue.values.map(String).join(' / ')}`,
        en: `Must be one of: ${issue.values.map(String).join(' / ')}`,
      };
    case 'custom': {
      const params = issue.params as { zh?: string; en?: string } | undefined;
      return { zh: params?.zh ?? issue.message, en: params?.en ?? issue.message };
    }
    default:
      return { zh: '取值无效', en: 'Invalid value' };
  }
};

/** Turns validation issues into the field list of a 400 envelope. */
export const toFieldErrors = (issues: readonly Issue[], prefix: string): FieldError[] =>
  issues.map((issue) => {
    const { zh, en } = describeIssue(issue);
    const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    return { field, message: zh, messageEn: en };
  });

/** A custom check's issue parameters carrying both texts; use with `.refine(fn, bilingual(zh, en))`. */
/* @__NO_SIDE_EFFECTS__ */
export const bilingual = (zh: string, en: string) => ({ message: en, params: { zh, en } });

/** A trimmed http(s) URL of at most `max` characters, refused with both texts when it is not one. */
export const httpUrlSchema = (max: number, zh: string, en: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
        } catch {
          return false;
        }
      },
      bilingual(zh, en),
    );
