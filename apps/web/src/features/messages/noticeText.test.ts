import type { MyMessageVo } from '@cpm/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enCommands from '../../i18n/locales/en/commands.json';
import enCommon from '../../i18n/locales/en/common.json';
import en from '../../i18n/locales/en/messages.json';
import zhCommands from '../../i18n/locales/zh/commands.json';
import zhCommon from '../../i18n/locales/zh/common.json';
import zh from '../../i18n/locales/zh/messages.json';
import { readableMessage } from './noticeText';

const i18n = i18next.createInstance();
await i18n.init({
  resources: {
    en: { messages: en, common: enCommon, commands: enCommands },
    zh: { messages: zh, common: zhCommon, commands: zhCommands },
  },
  lng: 'en',
  ns: ['messages', 'common', 'commands'],
  defaultNS: 'messages',
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

const message = (over: Partial<MyMessageVo>): MyMessageVo => ({
  id: 'm1',
  title: 'Stored title',
  content: '<p>Stored content</p>',
  publishedAt: '2026-12-07T06:00:00.000Z',
  publisherName: 'Administrator',
  notice: null,
  read: false,
  readAt: null,
  ...over,
});

describe('readableMessage', () => {
  const paused = message({
    title: 'Cashier 1.2 灰度发布已自动暂停 / gray release paused',
    publisherName: '',
    notice: {
      key: 'appGrayPaused',
      params: {
        app: 'Cashier',
        version: '1.2',
        breaches: 'crashRate,offline',
        gray: '3.00',
        rest: '0.50',
        note: '',
      },
    },
  });

  it('renders a system notice in the reader’s language only, from the system', () => {
    const t = i18n.getFixedT('en', 'messages');
    const shown = readableMessage(paused, t);
    expect(shown.title).toBe('Gray release of Cashier 1.2 paused');
    expect(shown.content).toContain('crash/ANR rate above the threshold; offline rate above the threshold');
    expect(shown.publisherName).toBe('System');
    const zhShown = readableMessage(paused, i18n.getFixedT('zh', 'messages'));
    expect(zhShown.title).toBe('Cashier 1.2 灰度发布已自动暂停');
    expect(zhShown.title).not.toMatch(/paused/);
    expect(zhShown.publisherName).toBe('系统');
  });

  it('escapes the values it puts into the content and adds the note as its own paragraph', () => {
    const shown = readableMessage(
      message({
        notice: {
          key: 'appRejected',
          params: { app: '<b>X</b>', packageName: 'com.x', version: '1', note: 'Icon & name' },
        },
      }),
      i18n.getFixedT('en', 'messages'),
    );
    expect(shown.content).toBe(
      '<p>&#60;b&#62;X&#60;/b&#62; (com.x) 1 did not pass review.</p><p>Icon &#38; name</p>',
    );
  });

  it('keeps a written message, or a notice stored without a key, as it was stored', () => {
    const written = message({});
    expect(readableMessage(written, i18n.getFixedT('zh', 'messages'))).toBe(written);
  });

  it('names an order change and a fault window in the reader’s language', () => {
    const order = message({
      title: '工单 SO-7 已起草 / Order SO-7 drafted',
      notice: {
        key: 'orderChanged',
        params: { number: 'SO-7', change: 'draft', store: 'Main St', sn: 'W3SIM000001', note: '' },
      },
    });
    expect(readableMessage(order, i18n.getFixedT('en', 'messages')).title).toBe('Order SO-7 drafted');
    expect(readableMessage(order, i18n.getFixedT('zh', 'messages')).title).toBe('工单 SO-7 已起草');
    const inspection = message({
      notice: {
        key: 'inspectionProposed',
        params: { store: 'Main St', sn: 'W3', peripheral: 'Printer', faults: 3, windowMinutes: 120 },
      },
    });
    expect(readableMessage(inspection, i18n.getFixedT('en', 'messages')).content).toBe(
      '<p>W3 Printer failed 3 times within 2 hours.</p>',
    );
    expect(readableMessage(inspection, i18n.getFixedT('zh', 'messages')).content).toBe(
      '<p>W3 Printer 在 2 小时内故障 3 次。</p>',
    );
  });

  it('names a task the system named in the reader’s language, not by its stored English', () => {
    const paused = message({
      title: '任务 device_props W3SIM000001 +1 已暂停 / Task device_props W3SIM000001 +1 paused',
      notice: {
        key: 'taskApproved',
        params: { task: 'device_props W3SIM000001 +1', user: 'boss' },
        taskName: { key: 'command', params: { op: 'device_props', sn: 'W3SIM000001', total: 2 } },
      },
    });
    expect(readableMessage(paused, i18n.getFixedT('en', 'messages')).title).toBe(
      'Task Read device properties · W3SIM000001 and 1 more approved',
    );
    expect(readableMessage(paused, i18n.getFixedT('zh', 'messages')).title).toBe(
      '任务 读取设备属性 · W3SIM000001 等 2 台 已审批通过',
    );
  });

  it('tells of a finished export in the reader’s language, with its link', () => {
    const ready = message({
      title: '导出完成：终端列表 / Export ready: Terminals',
      notice: {
        key: 'exportReady',
        params: {
          list: 'terminals',
          rows: 12,
          format: 'XLSX',
          days: 7,
          fileName: 'terminals-20261207-1300.xlsx',
          url: '/upms/v1/upms/export/download?id=j1&token=a&b',
        },
      },
    });
    const en = readableMessage(ready, i18n.getFixedT('en', 'messages'));
    expect(en.title).toBe('Export ready: Terminals');
    expect(en.content).toBe(
      '<p>12 rows, XLSX. Available for 7 days.</p><p>Download: <a href="/upms/v1/upms/export/download?id=j1&#38;token=a&#38;b" target="_blank" rel="noopener noreferrer">terminals-20261207-1300.xlsx</a></p>',
    );
    const zhShown = readableMessage(ready, i18n.getFixedT('zh', 'messages'));
    expect(zhShown.title).toBe('导出完成：终端列表');
    expect(zhShown.content).toContain('<p>12 行，XLSX。7 天内有效。</p><p>下载：<a');
    const one = message({ notice: { key: 'exportReady', params: { ...ready.notice?.params, rows: 1 } } });
    expect(readableMessage(one, i18n.getFixedT('en', 'messages')).content).toContain(
      '<p>1 row, XLSX. Available for 7 days.</p>',
    );
  });

  it('tells of a webhook turned off in the reader’s language only', () => {
    const off = message({
      title: 'Webhook 已停用：ops / Webhook disabled: ops',
      notice: { key: 'webhookDisabled', params: { name: 'ops', failures: 6 } },
    });
    expect(readableMessage(off, i18n.getFixedT('en', 'messages')).title).toBe('Webhook disabled: ops');
    const zhShown = readableMessage(off, i18n.getFixedT('zh', 'messages'));
    expect(zhShown.title).toBe('Webhook 已停用：ops');
    expect(zhShown.content).toBe(
      '<p>6 次投递连续失败，订阅已自动停用。修复接收端后，在 Webhooks 页面重新启用并重新发送失败的投递。</p>',
    );
  });
});
