import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APP_OPERATION_KINDS,
  COMPLIANCE_STATES,
  DEFER_REASONS,
  DELIVERY_STATES,
  ORDER_SOURCES,
  POLICY_FIELD_KEYS,
  POLICY_SEVERITIES,
  TASK_PLATFORMS,
  TASK_STATUSES,
  TASK_TYPES,
  TERMINAL_STATUSES,
} from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import {
  APP_OPERATION_KIND_LABELS,
  APP_RECORD_EXPORT_COLUMNS,
} from './modules/appmarket/app-record-export-columns';
import { RUN_RECORD_EXPORT_COLUMNS } from './modules/datacenter/run-record-columns';
import { templateHeader } from './modules/devices/excel';
import { EXIT_COLUMNS } from './modules/devices/exit-records.service';
import { TERMINAL_EXPORT_COLUMNS, TERMINAL_STATUS_LABELS } from './modules/devices/terminal-export-columns';
import { TERMINAL_IMPORT_COLUMNS } from './modules/devices/terminals.service';
import { DICT_SEEDS } from './modules/dicts/dict-seeds';
import { OPLOG_ACTION_LABELS, OPLOG_EXPORT_COLUMNS } from './modules/oplog/oplog-export-columns';
import {
  COMPLIANCE_EXPORT_COLUMNS,
  COMPLIANCE_STATE_LABELS,
  POLICY_FIELD_EXPORT_LABELS,
  POLICY_SEVERITY_LABELS,
} from './modules/policies/compliance-export-columns';
import { PRIVATE_CUSTOMER_EXPORT_COLUMNS } from './modules/privatization/private-export-columns';
import {
  REPORT_ALERT_COLUMNS,
  REPORT_COMPLIANCE_COLUMNS,
  REPORT_FLEET_COLUMNS,
  REPORT_OFFLINE_COLUMNS,
  REPORT_TASK_COLUMNS,
} from './modules/reports/report-workbook';
import {
  ORDER_EXPORT_COLUMNS,
  ORDER_SOURCE_LABELS,
  PASS_FAIL_LABELS,
  RECORD_EXPORT_COLUMNS,
} from './modules/support/support-export-columns';
import {
  DEFER_REASON_LABELS,
  DELIVERY_STATE_LABELS,
  TASK_EXPORT_COLUMNS,
  TASK_PLATFORM_LABELS,
  TASK_RESULT_EXPORT_COLUMNS,
  TASK_STATUS_LABELS,
  TASK_TYPE_LABELS,
} from './modules/tasks/task-export-columns';
import { USER_EXPORT_COLUMNS } from './modules/users/user-export-columns';
import { type EnumLabels, type ExportColumn, headerOf, YES_NO } from './shared/export-columns';

const src = dirname(fileURLToPath(import.meta.url));
const locales = resolve(src, '../../web/src/i18n/locales');

/** Every export's columns, by the name they are declared under. */
const EXPORTS: Record<string, readonly ExportColumn<never>[]> = {
  TERMINAL_EXPORT_COLUMNS,
  USER_EXPORT_COLUMNS,
  OPLOG_EXPORT_COLUMNS,
  PRIVATE_CUSTOMER_EXPORT_COLUMNS,
  ORDER_EXPORT_COLUMNS,
  RECORD_EXPORT_COLUMNS,
  RUN_RECORD_EXPORT_COLUMNS,
  APP_RECORD_EXPORT_COLUMNS,
  TASK_EXPORT_COLUMNS,
  TASK_RESULT_EXPORT_COLUMNS,
  REPORT_FLEET_COLUMNS,
  REPORT_OFFLINE_COLUMNS,
  REPORT_ALERT_COLUMNS,
  REPORT_TASK_COLUMNS,
  REPORT_COMPLIANCE_COLUMNS,
  COMPLIANCE_EXPORT_COLUMNS,
};

/** The import templates' columns (bilingual headers: the import reads columns by position). */
const TEMPLATES = { TERMINAL_IMPORT_COLUMNS, EXIT_COLUMNS };

type Tree = { [key: string]: string | Tree };
const catalogues = new Map<string, Tree>();
const catalogue = (lang: 'zh' | 'en', ns: string): Tree => {
  const file = join(locales, lang, `${ns}.json`);
  if (!catalogues.has(file)) catalogues.set(file, JSON.parse(readFileSync(file, 'utf8')) as Tree);
  return catalogues.get(file) as Tree;
};

/** A catalogue entry as i18next finds it: nested objects, or a key that itself holds dots. */
const lookup = (tree: Tree | string | undefined, path: string): Tree | string | undefined => {
  if (path === '' || tree === undefined || typeof tree === 'string') return path === '' ? tree : undefined;
  if (path in tree) return tree[path];
  const dot = path.indexOf('.');
  return dot < 0 ? undefined : lookup(tree[path.slice(0, dot)], path.slice(dot + 1));
};

/** The console's text at `namespace:path` in a language. */
const pageText = (ref: string, lang: 'zh' | 'en', sub?: string) => {
  const [ns, path] = ref.split(':');
  return lookup(catalogue(lang, ns), [path, sub].filter(Boolean).join('.'));
};

/** Keys of a catalogue subtree, nested keys joined with dots. */
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`),
  );

const CJK = /[\u3400-\u9fff]/;
const CAMEL_KEY = /^[a-z]+[A-Z][A-Za-z0-9]*$/;
/** A word written twice in a row ("IP IP"): what gluing two equal labels gives. */
const TWICE = /(^|\s)(\S+)\s+\2(\s|$)/;

const enumsOf = (columns: readonly ExportColumn<never>[]) =>
  columns.flatMap((c) => (typeof c.format === 'object' && 'enum' in c.format ? [c.format.enum] : []));

describe('export column definitions', () => {
  it.each(Object.entries(EXPORTS))(
    '%s: headers in one language each, never a raw key or doubled',
    (_, columns) => {
      expect(columns.length).toBeGreaterThan(0);
      expect(new Set(columns.map((c) => c.key)).size).toBe(columns.length);
      for (const c of columns) {
        for (const lang of ['zh', 'en'] as const) {
          const header = headerOf(c, lang);
          const at = `${c.key} (${lang}): ${header}`;
          expect(c.label[lang].trim(), at).not.toBe('');
          expect(header, at).not.toBe(c.key);
          expect(CAMEL_KEY.test(header), at).toBe(false);
          expect(TWICE.test(header), at).toBe(false);
          expect(header, at).not.toBe(`${c.label.zh} ${c.label.en}`);
          expect(header, at).not.toBe(`${c.label.en} ${c.label.zh}`);
        }
        // An English header holds no Chinese; a Chinese one is Chinese unless both languages say it alike (SN, IP).
        expect(CJK.test(headerOf(c, 'en')), c.key).toBe(false);
        expect(CJK.test(headerOf(c, 'zh')) || c.label.zh === c.label.en, c.key).toBe(true);
      }
      for (const lang of ['zh', 'en'] as const)
        expect(new Set(columns.map((c) => headerOf(c, lang))).size).toBe(columns.length);
    },
  );

  it.each(Object.entries(EXPORTS))('%s: headers are the page column titles they name', (_, columns) => {
    for (const c of columns.filter((x) => x.page)) {
      for (const lang of ['zh', 'en'] as const)
        expect(c.label[lang], `${c.page} (${lang})`).toBe(pageText(c.page as string, lang));
    }
  });

  it.each(Object.entries(EXPORTS))(
    '%s: value labels are present, not raw, and the page’s own',
    (_, columns) => {
      for (const labels of enumsOf(columns)) {
        for (const [value, label] of Object.entries(labels.labels)) {
          for (const lang of ['zh', 'en'] as const) {
            expect(label[lang].trim(), value).not.toBe('');
            expect(label[lang], value).not.toBe(value);
            if (labels.page)
              expect(label[lang], `${labels.page}.${value}`).toBe(pageText(labels.page, lang, value));
          }
        }
      }
      const dicts = new Set(DICT_SEEDS.map((d) => d.code));
      for (const c of columns)
        if (typeof c.format === 'object' && 'dict' in c.format)
          expect(dicts.has(c.format.dict), c.key).toBe(true);
    },
  );

  it('labels every value of the enumerations the exports show', () => {
    const covers = (labels: EnumLabels, values: readonly string[]) =>
      expect(Object.keys(labels.labels).sort()).toEqual([...values].sort());
    covers(TERMINAL_STATUS_LABELS, TERMINAL_STATUSES);
    covers(TASK_TYPE_LABELS, TASK_TYPES);
    covers(TASK_PLATFORM_LABELS, TASK_PLATFORMS);
    covers(TASK_STATUS_LABELS, TASK_STATUSES);
    covers(DELIVERY_STATE_LABELS, DELIVERY_STATES);
    covers(DEFER_REASON_LABELS, DEFER_REASONS);
    covers(APP_OPERATION_KIND_LABELS, APP_OPERATION_KINDS);
    covers(ORDER_SOURCE_LABELS, ORDER_SOURCES);
    covers(COMPLIANCE_STATE_LABELS, COMPLIANCE_STATES);
    covers(POLICY_SEVERITY_LABELS, POLICY_SEVERITIES);
    covers(POLICY_FIELD_EXPORT_LABELS, POLICY_FIELD_KEYS);
    // Every action the operation log page names, and no other.
    covers(OPLOG_ACTION_LABELS, keysOf(pageText('accounts:oplog.actions', 'en') as Tree));
  });

  it('says yes and no, pass and fail as the console does', () => {
    for (const lang of ['zh', 'en'] as const) {
      expect(YES_NO.labels.true[lang]).toBe(pageText('devices:yes', lang));
      expect(YES_NO.labels.false[lang]).toBe(pageText('devices:no', lang));
      for (const [value, label] of Object.entries(PASS_FAIL_LABELS.labels))
        expect(label[lang]).toBe(pageText(PASS_FAIL_LABELS.page as string, lang, value));
    }
  });

  it.each(Object.entries(TEMPLATES))(
    '%s: template headers name each column once per language',
    (_, columns) => {
      for (const c of columns) {
        const header = templateHeader(c);
        expect(c.zh.trim() && c.en.trim(), c.key).toBeTruthy();
        expect([c.zh, c.en], c.key).not.toContain(c.key);
        expect(CJK.test(c.en), c.key).toBe(false);
        expect(TWICE.test(header), header).toBe(false);
      }
    },
  );

  it('walks every column list the server declares, and no export writes columns of its own', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(path);
      }
    };
    walk(join(src, 'modules'));
    walk(join(src, 'shared'));
    const declared = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /const (\w+)\s*:\s*(?:readonly\s+)?(?:ExportColumn<[^>]*>|ExcelColumn)\[\]/g,
      ))
        declared.add(m[1]);
      if (/\b(streamXlsx|xlsxExport|writeExport|streamExport|buildTemplate)\(/.test(text))
        expect(/\bcolumns:\s*\[/.test(text), relative(src, file)).toBe(false);
    }
    expect([...declared].sort()).toEqual([...Object.keys(EXPORTS), ...Object.keys(TEMPLATES)].sort());
  });
});
