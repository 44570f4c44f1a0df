import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { FRAME_FLAGS, type RemoteTicket, relayUrlFor } from '@cpm/contracts';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayClient, relayClient } from '../../server/src/modules/remote/relay-client.testing';
import { insertGroups, insertTerminals } from '../../server/src/modules/tasks/task-fixtures';
import { ACCOUNT_PASSWORD, callApi, createAccount } from '../../server/src/test-support/accounts';
import { rotateEnrollmentKey } from '../../server/src/test-support/fleet-fixtures';
import { startSimApp } from '../../server/src/test-support/sim-app';
import { waitFor } from '../../server/src/test-support/wait';
import { desktopMissing } from './platform/linux/desktop';
import { startAgentProcess } from './testing/agent-process';
import { freePort } from './testing/gps';
import { startXvfb, xvfbMissing } from './testing/xvfb';

/** The known window: an xlogo drawn all in one green, at a known place. */
const GREEN = [0, 192, 0];
const LOGO = { x: 20, y: 130, width: 120, height: 80 };

/** The RGB of pixel (x, y) of a JPEG. */
const pixel = (bytes: Uint8Array, x: number, y: number) => {
  const img = jpeg.decode(bytes, { useTArray: true });
  const o = (y * img.width + x) * 4;
  return [img.data[o], img.data[o + 1], img.data[o + 2]];
};
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) < 24);

describe.skipIf(xvfbMissing() ?? desktopMissing())(
  'the Linux agent’s remote desktop of a real X screen',
  { timeout: 120_000 },
  () => {
    let sim: Awaited<ReturnType<typeof startSimApp>>;
    let agent: Awaited<ReturnType<typeof startAgentProcess>>;
    let x: Awaited<ReturnType<typeof startXvfb>>;
    let ent: { id: string; token: string };
    let viewer: RelayClient | null = null;
    let port = 0;
    const SN = 'LNXR000001';

    const until = <T>(check: () => Promise<T | null | undefined | false>, what: string) =>
      waitFor(check, `${what}\n${agent?.output().slice(-3000)}`, { ms: 45_000, everyMs: 100 });
    /** The newest frame the viewer holds that passes `where`, acknowledged as a console does. */
    const frameWhere = (where: (f: { flags: number; jpeg: Uint8Array }) => boolean, what: string) =>
      until(async () => {
        const frames = viewer?.frames() ?? [];
        for (const f of frames.slice(-2)) viewer?.send({ t: 'ack', seq: f.header.seq });
        const last = frames[frames.length - 1];
        if (!last) return null;
        const f = { flags: last.header.flags, jpeg: last.bytes.subarray(18), header: last.header };
        return where(f) ? f : null;
      }, what);

    beforeAll(async () => {
      port = await freePort();
      sim = await startSimApp('agent-remote', { port });
      ent = await createAccount(sim.t, { username: 'lnx_rd' });
      const groupId = (await insertGroups(sim.t.database.db, ent.id, 'LNR')).group.id;
      await insertTerminals(sim.t.database.db, {
        prefix: 'LNXR0',
        count: 1,
        ownerId: ent.id,
        groupId,
        platform: 'linux',
        apps: [],
      });
      const key = await rotateEnrollmentKey(sim.t, ent.token);
      x = await startXvfb(320, 240);
      x.open('xlogo', [
        '-geometry',
        `${LOGO.width}x${LOGO.height}+${LOGO.x}+${LOGO.y}`,
        '-bg',
        '#00c000',
        '-fg',
        '#00c000',
      ]);
      agent = await startAgentProcess({
        server: sim.server,
        sn: SN,
        key,
        config: { paymentStatusFile: 'payment.json' },
        env: { DISPLAY: x.display },
      });
      writeFileSync(path.join(agent.dir, 'payment.json'), JSON.stringify({ inTransaction: false }));
    });
    afterAll(async () => {
      viewer?.close();
      await agent?.close();
      await x?.close();
      await sim?.close();
    });

    it('asks at the till, shows the real screen, moves the real pointer and blacks out a secure screen', async () => {
      await until(async () => {
        const d = await callApi(sim.t, ent.token, 'GET', `/device/v1/device/terminal/getBySn?sn=${SN}`);
        return (d.body.result as { online: boolean }).online;
      }, 'the terminal online');
      const open = await callApi(sim.t, ent.token, 'POST', '/remote/v1/remote/session/open', {
        sn: SN,
        mode: 'control',
        password: ACCOUNT_PASSWORD,
      });
      expect(open.body.code, JSON.stringify(open.body)).toBe(1);
      const ticket = open.body.result as RemoteTicket;
      viewer = await relayClient(
        relayUrlFor({ protocol: 'http:', hostname: '127.0.0.1', host: `127.0.0.1:${port}` }, ticket.relay, {
          session: ticket.sessionId,
          token: ticket.token,
        }),
      );
      // The person at the till answers the dialog on the screen with the keyboard.
      const dialog = (await x.run('xdotool', ['search', '--sync', '--name', '^Remote support$'])).trim();
      expect(dialog).toMatch(/^\d+$/);
      await x.run('xdotool', ['windowfocus', '--sync', dialog, 'key', 'Return']);
      await viewer.json('state', (d) => d.state === 'active');

      const shown = await frameWhere(
        (f) => f.flags === 0 && near(pixel(f.jpeg, LOGO.x + 60, LOGO.y + 40), GREEN),
        'a frame showing the green window',
      );
      expect(pixel(shown.jpeg, LOGO.x + 60, LOGO.y + 40)).toSatisfy((p: number[]) => near(p, GREEN));
      expect(shown.header).toMatchObject({ width: 320, height: 240 });

      viewer.send({ t: 'input', input: { kind: 'tap', x: 0.5, y: 0.25 } });
      await until(async () => {
        const at = await x.run('xdotool', ['getmouselocation', '--shell']);
        return /^X=160$/m.test(at) && /^Y=60$/m.test(at);
      }, 'the pointer at 160,60');

      writeFileSync(
        path.join(agent.dir, 'payment.json'),
        JSON.stringify({ inTransaction: true, secure: true }),
      );
      const secure = await frameWhere((f) => (f.flags & FRAME_FLAGS.secure) !== 0, 'a secure frame');
      const img = jpeg.decode(secure.jpeg, { useTArray: true });
      let brightest = 0;
      for (let i = 0; i < img.data.length; i += 4)
        brightest = Math.max(brightest, img.data[i], img.data[i + 1], img.data[i + 2]);
      expect(brightest).toBeLessThan(16);

      writeFileSync(path.join(agent.dir, 'payment.json'), JSON.stringify({ inTransaction: false }));
      await frameWhere(
        (f) => f.flags === 0 && near(pixel(f.jpeg, LOGO.x + 60, LOGO.y + 40), GREEN),
        'the screen back after the payment',
      );

      const close = await callApi(sim.t, ent.token, 'POST', '/remote/v1/remote/session/close', {
        sessionId: ticket.sessionId,
      });
      expect(close.body.code, JSON.stringify(close.body)).toBe(1);
      await until(async () => agent.output().includes(`remote session ${ticket.sessionId} ended`), 'the end');
    });
  },
);
