import { describe, expect, it } from 'vitest';
import {
  columnsIn,
  dictCodesOf,
  type ExportColumn,
  enumLabels,
  formatDateTime,
  headerOf,
  presentColumns,
} from './export-columns';

type Row = {
  sn: string;
  status: string;
  online: boolean;
  at: string | null;
  day: string;
  level: string;
  names: string[];
  namesEn: string[];
  runtimeSec: number;
  bytes: number;
  battery: number | null;
};

const COLUMNS: ExportColumn<Row>[] = [
  { key: 'sn', label: { zh: '序列号', en: 'SN' } },
  {
    key: 'status',
    label: { zh: '状态', en: 'Status' },
    format: { enum: { labels: { shipped: { zh: '已发货', en: 'Shipped' } } } },
  },
  { key: 'online', label: { zh: '在线', en: 'Online' }, format: 'yesNo' },
  { key: 'at', label: { zh: '时间', en: 'Time' }, format: 'dateTime' },
  { key: 'day', label: { zh: '日期', en: 'Date' }, format: 'date' },
  { key: 'level', label: { zh: '级别', en: 'Level' }, format: { dict: 'level' } },
  {
    key: 'names',
    label: { zh: '角色', en: 'Roles' },
    value: (r, lang) => (lang === 'zh' ? r.names : r.namesEn),
  },
  { key: 'runtimeSec', label: { zh: '运行时长', en: 'Runtime' }, format: 'hours' },
  { key: 'bytes', label: { zh: '移动数据', en: 'Mobile data' }, format: 'megabytes' },
  { key: 'battery', label: { zh: '电量', en: 'Battery' }, format: 'percent' },
];

const ROW: Row = {
  sn: 'P2000000001',
  status: 'shipped',
  online: true,
  at: '2026-01-01T00:00:00Z',
  day: '2026-01-01',
  level: '2',
  names: ['管理员', '销售'],
  namesEn: ['Admin', 'Sales'],
  runtimeSec: 5400,
  bytes: 3 * 1_048_576,
  battery: 85,
};

const DICTS = { level: [{ value: '2', label: '二级', englishName: 'Level two' }] };

const render = (lang: 'zh' | 'en', timeZone: string, row: Row = ROW) => {
  const columns = presentColumns(COLUMNS, { lang, timeZone }, DICTS);
  return { headers: columns.map((c) => c.header), cells: columns.map((c) => c.cell(row)) };
};

describe('export columns', () => {
  it('writes a Chinese file: Chinese headers with units, labels, times in the reader’s zone', () => {
    expect(render('zh', 'Asia/Shanghai')).toEqual({
      headers: [
        '序列号',
        '状态',
        '在线',
        '时间',
        '日期',
        '级别',
        '角色',
        '运行时长（小时）',
        '移动数据（MB）',
        '电量（%）',
      ],
      cells: [
        'P2000000001',
        '已发货',
        '是',
        '2026-01-01 08:00:00',
        '2026-01-01',
        '二级',
        '管理员, 销售',
        1.5,
        3,
        85,
      ],
    });
  });

  it('writes an English file in another zone the same way', () => {
    expect(render('en', 'America/New_York')).toEqual({
      headers: [
        'SN',
        'Status',
        'Online',
        'Time',
        'Date',
        'Level',
        'Roles',
        'Runtime (h)',
        'Mobile data (MB)',
        'Battery (%)',
      ],
      cells: [
        'P2000000001',
        'Shipped',
        'Yes',
        '2025-12-31 19:00:00',
        '2026-01-01',
        'Level two',
        'Admin, Sales',
        1.5,
        3,
        85,
      ],
    });
  });

  it('keeps values that have no label, and leaves empty values empty', () => {
    const row = { ...ROW, status: 'lost', level: '9', at: null, online: false, battery: null };
    expect(render('en', 'UTC', row).cells).toEqual([
      'P2000000001',
      'lost',
      'No',
      null,
      '2026-01-01',
      '9',
      'Admin, Sales',
      1.5,
      3,
      null,
    ]);
  });

  it('shows an instant’s day in the reader’s zone, and UTC for an unknown zone', () => {
    const [day] = presentColumns([{ key: 'd', label: { zh: '日', en: 'Day' }, format: 'date' }], {
      lang: 'en',
      timeZone: 'Asia/Shanghai',
    });
    expect(day.cell({ d: '2026-01-01T20:00:00Z' })).toBe('2026-01-02');
    expect(formatDateTime('Not/AZone')('2026-01-01T00:00:00Z')).toBe('2026-01-01 00:00:00');
    expect(formatDateTime('Asia/Shanghai')(new Date('2026-06-30T16:00:00Z'))).toBe('2026-07-01 00:00:00');
  });

  it('names the dictionaries to read, and the header of a column without unit is its label', () => {
    expect(dictCodesOf(COLUMNS as ExportColumn<never>[])).toEqual(['level']);
    expect(headerOf({ label: { zh: 'IP', en: 'IP' } }, 'zh')).toBe('IP');
  });
});

describe('columnsIn', () => {
  const column = columnsIn<Row>('devices:');

  it('names the catalogue entry within its namespace, and none when told null', () => {
    expect(column('sn', 'sn', '序列号', 'SN', { width: 12 })).toEqual({
      key: 'sn',
      label: { zh: '序列号', en: 'SN' },
      page: 'devices:sn',
      width: 12,
    });
    expect(column('bytes', null, '大小', 'Size')).not.toHaveProperty('page');
  });

  it('writes what the column says, as a column written out would', () => {
    const built = column('battery', 'battery', '电量', 'Battery', { format: 'percent' });
    const [cell] = presentColumns([built], { lang: 'en', timeZone: 'UTC' });
    expect(cell.header).toBe('Battery (%)');
  });
});

describe('enumLabels', () => {
  it('turns [zh, en] pairs into labels, with the catalogue entry when there is one', () => {
    expect(enumLabels('devices:status', { shipped: ['已发货', 'Shipped'] })).toEqual({
      page: 'devices:status',
      labels: { shipped: { zh: '已发货', en: 'Shipped' } },
    });
    expect(enumLabels(undefined, {})).toEqual({ labels: {} });
  });
});
