import type { Mail } from '../mail/mailer';
import { MAIL, mailLang } from '../mail/templates';
import type { CityIndex } from './city-index';
import type { FenceAlert } from './fences.service';

/** Who a fence alert may reach, and how. */
export type Account = {
  username: string;
  email: string | null;
  phone: string | null;
  enabled: boolean;
  international: boolean;
  fenceEmailAlert: boolean;
  hardwareSmsAlert: boolean;
};

/**
 * Who hears of a geofence breach or return: every console user who may see the terminal gets a
 * live event; those with the geofence e-mail alert on get a mail, those with the hardware-exception
 * SMS alert on an SMS. Both are queued as jobs, so a slow SMTP server or SMS gateway holds up no
 * location batch. Answers the usernames a mail or SMS was queued for; never rejects.
 */
export const createFenceAlerts = (deps: {
  audienceOf: (ownerId: string) => Promise<string[]>;
  account: (id: string) => Promise<Account | null>;
  terminalName: (id: string) => Promise<string>;
  queueMail: (mail: Mail) => Promise<void>;
  queueSms: (to: string, text: string) => Promise<void>;
  emit: (change: { sn: string; ownerId: string; kind: string }) => void;
  cities: CityIndex;
  log: { warn(obj: object, msg: string): void };
}) => {
  return async (a: FenceAlert): Promise<string[]> => {
    deps.emit({ sn: a.terminal.sn, ownerId: a.terminal.ownerId, kind: a.kind });
    const told: string[] = [];
    try {
      const city = deps.cities.nearest(a.lat, a.lng);
      const place = `${a.lat.toFixed(5)}, ${a.lng.toFixed(5)}${city ? ` (${city.name}, ${city.country})` : ''}`;
      const terminalName = await deps.terminalName(a.terminal.id);
      for (const id of await deps.audienceOf(a.terminal.ownerId)) {
        const u = await deps.account(id);
        if (!u?.enabled) continue;
        const lang = mailLang(u);
        const mail = MAIL.fenceAlert(u.email ?? '', lang, {
          sn: a.terminal.sn,
          terminalName,
          fence: a.fence.name,
          kind: a.kind,
          at: a.at.toISOString(),
          place,
        });
        let reached = false;
        if (u.fenceEmailAlert && u.email) {
          await deps.queueMail(mail);
          reached = true;
        }
        if (u.hardwareSmsAlert && u.phone) {
          await deps.queueSms(u.phone, mail.subject);
          reached = true;
        }
        if (reached) told.push(u.username);
      }
    } catch (err) {
      deps.log.warn({ err, sn: a.terminal.sn }, 'geofence alert not delivered to everyone');
    }
    return told;
  };
};
