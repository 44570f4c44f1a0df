import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type PolicyDocument, PolicyReportSchema } from '@cpm/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { openState } from '../state';
import { appliersFor, type PolicyAllowed, type PolicySystem } from './appliers';
import { createPolicyAgent } from './policy';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A terminal's system as the appliers see it: a time zone, an X screen saver, a backlight, hooks. */
const fakeSystem = () => {
  const calls: string[] = [];
  const files = new Map<string, string>([
    ['/bl/max_brightness', '200\n'],
    ['/bl/brightness', '200\n'],
  ]);
  const held = { zone: 'Etc/UTC', timeout: 600, denyZone: false };
  const sys: PolicySystem = {
    async run(cmd, args) {
      calls.push([cmd, ...args].join(' '));
      if (cmd === 'timedatectl' && args[0] === 'show') return `${held.zone}\n`;
      if (cmd === 'timedatectl') {
        if (held.denyZone)
          throw Object.assign(new Error('Command failed'), {
            stderr: 'Failed to set time zone: Access denied',
          });
        held.zone = args[1];
        return '';
      }
      if (cmd === 'xset' && args[2] === 'q')
        return `Screen Saver:\n  prefer blanking:  yes\n  timeout:  ${held.timeout}    cycle:  ${held.timeout}\n`;
      if (cmd === 'xset') {
        held.timeout = Number(args[3]);
        return '';
      }
      if (cmd === '/hooks/wallpaper') return 'setting the background\n"from-hook"\n';
      if (cmd === '/hooks/kiosk') return '';
      throw new Error(`unexpected ${cmd}`);
    },
    readText: (f) => files.get(f) ?? null,
    writeText: (f, t) => void files.set(f, t),
    installed: (pkg) => pkg === 'com.example.cashier',
  };
  return { sys, calls, files, held };
};

const FULL = {
  timeZone: true,
  display: ':7',
  backlight: '/bl',
  hooks: { wallpaper: ['/hooks/wallpaper', '--fit'], kioskApp: ['/hooks/kiosk'] },
};

const setup = (allowed: PolicyAllowed = FULL, overMqtt = true) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cpm-policy-'));
  dirs.push(dir);
  const f = fakeSystem();
  const published: ReturnType<typeof PolicyReportSchema.parse>[] = [];
  const httpCalls: string[] = [];
  /** Documents the server's HTTP answers carry, one per call, in order. */
  const answers: (PolicyDocument | null)[] = [];
  const agent = createPolicyAgent({
    appliers: appliersFor(allowed, f.sys),
    state: openState(dir),
    overMqtt: () => overMqtt,
    publish: async (b) => void published.push(PolicyReportSchema.parse(b)),
    http: async (method, p, body) => {
      httpCalls.push(`${method} ${p}`);
      if (body) published.push(PolicyReportSchema.parse(body));
      return { document: answers.shift() ?? null };
    },
    log: () => undefined,
  });
  return { ...f, agent, published, httpCalls, answers };
};

const doc = (fields: PolicyDocument['fields'], revision = 7): PolicyDocument => ({
  type: 'policy',
  version: 1,
  revision,
  ts: Date.now(),
  fields,
});

describe('configuration policies on a Linux terminal', () => {
  it('applies what the configuration allows and reads the values back; every other field is unsupported', async () => {
    const s = setup();
    await s.agent.apply(
      doc([
        { field: 'timeZone', value: 'Asia/Shanghai' },
        { field: 'screenTimeoutSec', value: 120 },
        { field: 'brightness', value: 40 },
        { field: 'wallpaper', value: '5f0c6a52-3a57-4a53-9d43-2b7c3f1e2d11' },
        { field: 'kioskApp', value: 'com.example.cashier' },
        { field: 'bluetooth', value: false },
        { field: 'volume', value: 30 },
      ]),
    );
    expect(s.calls).toContain('timedatectl set-timezone Asia/Shanghai');
    expect(s.calls).toContain('xset -display :7 s 120 120');
    expect(s.calls).toContain('/hooks/wallpaper --fit 5f0c6a52-3a57-4a53-9d43-2b7c3f1e2d11');
    expect(s.calls).toContain('/hooks/kiosk com.example.cashier');
    expect(s.files.get('/bl/brightness')).toBe('80');
    expect(s.published).toHaveLength(1);
    const r = s.published[0];
    expect(r.revision).toBe(7);
    expect(r.results).toEqual([
      { field: 'timeZone', state: 'applied', actual: 'Asia/Shanghai' },
      { field: 'screenTimeoutSec', state: 'applied', actual: 120 },
      { field: 'brightness', state: 'applied', actual: 40 },
      { field: 'wallpaper', state: 'applied', actual: 'from-hook' },
      { field: 'kioskApp', state: 'applied', actual: 'com.example.cashier' },
      { field: 'bluetooth', state: 'unsupported', message: 'bluetooth cannot be set on this Linux terminal' },
      { field: 'volume', state: 'unsupported', message: 'volume cannot be set on this Linux terminal' },
    ]);
  });

  it('leaves unsupported what the configuration does not allow, and fails with the system’s reason', async () => {
    const bare = setup({ timeZone: false, hooks: {} });
    await bare.agent.apply(
      doc([
        { field: 'timeZone', value: 'Asia/Shanghai' },
        { field: 'screenTimeoutSec', value: 120 },
        { field: 'kioskApp', value: 'com.example.cashier' },
      ]),
    );
    expect(bare.calls).toEqual([]);
    expect(bare.published[0].results.map((r) => r.state)).toEqual([
      'unsupported',
      'unsupported',
      'unsupported',
    ]);

    const s = setup();
    s.held.denyZone = true;
    await s.agent.apply(
      doc([
        { field: 'timeZone', value: 'Asia/Tokyo' },
        { field: 'kioskApp', value: 'com.example.other' },
        { field: 'screenTimeoutSec', value: 2 },
      ]),
    );
    expect(s.published[0].results).toEqual([
      {
        field: 'timeZone',
        state: 'failed',
        reason: 'PERMISSION_DENIED',
        message: 'Failed to set time zone: Access denied',
      },
      {
        field: 'kioskApp',
        state: 'failed',
        reason: 'APP_NOT_INSTALLED',
        message: 'com.example.other is not installed',
      },
      { field: 'screenTimeoutSec', state: 'failed', reason: 'INVALID_VALUE', message: expect.any(String) },
    ]);
    expect(s.calls.filter((c) => c.startsWith('/hooks/kiosk'))).toEqual([]);
  });

  it('does not set a value the terminal already holds, and reports a value changed at the terminal', async () => {
    const s = setup();
    await s.agent.apply(doc([{ field: 'timeZone', value: 'Etc/UTC' }]));
    expect(s.calls).toEqual(['timedatectl show -p Timezone --value', 'timedatectl show -p Timezone --value']);
    await s.agent.checkChanges();
    expect(s.published).toHaveLength(1);
    s.held.zone = 'Europe/Paris';
    await s.agent.checkChanges();
    await s.agent.checkChanges();
    expect(s.published.slice(1)).toEqual([
      expect.objectContaining({ changes: [{ field: 'timeZone', actual: 'Europe/Paris' }] }),
    ]);
  });

  it('over HTTP asks for its policy with GET and reports to the report call', async () => {
    const s = setup(FULL, false);
    await s.agent.sync();
    await s.agent.apply(doc([{ field: 'screenTimeoutSec', value: 300 }]));
    expect(s.httpCalls).toEqual(['GET /device/v1/agent/policy', 'POST /device/v1/agent/policy/report']);
    expect(s.published[0].results).toEqual([{ field: 'screenTimeoutSec', state: 'applied', actual: 300 }]);
  });

  it('over HTTP applies the document a report’s answer carries (a revert) and answers it too', async () => {
    const s = setup(FULL, false);
    s.answers.push(null, doc([{ field: 'screenTimeoutSec', value: 600 }], 8));
    await s.agent.sync();
    await s.agent.apply(doc([{ field: 'screenTimeoutSec', value: 300 }]));
    expect(s.held.timeout).toBe(600);
    expect(s.published.map((p) => [p.revision, p.results])).toEqual([
      [7, [{ field: 'screenTimeoutSec', state: 'applied', actual: 300 }]],
      [8, [{ field: 'screenTimeoutSec', state: 'applied', actual: 600 }]],
    ]);
  });
});
