import { describe, expect, it } from 'vitest';
import type { Mail } from '../mail/mailer';
import { type Account, createFenceAlerts } from './fence-alerts';
import type { FenceAlert } from './fences.service';

const account = (username: string, over: Partial<Account>): Account => ({
  username,
  email: `${username}@example.test`,
  phone: `+86 139 0000 ${username.length}`,
  enabled: true,
  international: true,
  fenceEmailAlert: false,
  hardwareSmsAlert: false,
  ...over,
});

const breach: FenceAlert = {
  kind: 'fenceBreach',
  fence: { id: 'f1', name: 'Store square', lockPayment: false },
  terminal: { id: 't1', sn: 'FEN0000001', ownerId: 'owner' },
  lat: 48.8566,
  lng: 2.3522,
  at: new Date('2026-11-24T10:00:00Z'),
};

/** Runs one breach past the given accounts and answers who got a mail, an SMS or was told. */
const run = async (accounts: Account[]) => {
  const mails: Mail[] = [];
  const texts: { to: string; text: string }[] = [];
  const events: string[] = [];
  const byId = new Map(accounts.map((a) => [a.username, a]));
  const alert = createFenceAlerts({
    audienceOf: async () => accounts.map((a) => a.username),
    account: async (id) => byId.get(id) ?? null,
    terminalName: async () => 'Till 1',
    queueMail: async (m) => void mails.push(m),
    queueSms: async (to, text) => void texts.push({ to, text }),
    emit: (c) => void events.push(c.kind),
    cities: { nearest: () => null } as never,
    log: { warn: () => undefined },
  });
  const told = await alert(breach);
  return { told, mails: mails.map((m) => m.to), texts: texts.map((t) => t.to), events };
};

describe('geofence alerts', () => {
  it('mail only users with the geofence email switch, text only users with the hardware-exception SMS switch', async () => {
    const mailOnly = account('mailonly', { fenceEmailAlert: true });
    const smsOnly = account('smsonly', { hardwareSmsAlert: true });
    const both = account('both', { fenceEmailAlert: true, hardwareSmsAlert: true });
    const neither = account('neither', {});
    const off = account('disabled', { enabled: false, fenceEmailAlert: true, hardwareSmsAlert: true });
    const result = await run([mailOnly, smsOnly, both, neither, off]);
    expect(result.mails).toEqual([mailOnly.email, both.email]);
    expect(result.texts).toEqual([smsOnly.phone, both.phone]);
    expect(result.told).toEqual(['mailonly', 'smsonly', 'both']);
    // The console's live event goes out whatever the switches say.
    expect(result.events).toEqual(['fenceBreach']);
  });

  it('needs an address for the channel: a switch without an email or a phone reaches nobody', async () => {
    const result = await run([
      account('nomail', { fenceEmailAlert: true, email: null }),
      account('nophone', { hardwareSmsAlert: true, phone: null }),
    ]);
    expect(result).toMatchObject({ told: [], mails: [], texts: [] });
  });
});
