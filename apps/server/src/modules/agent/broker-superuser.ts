import { createHash, timingSafeEqual } from 'node:crypto';

/** The server's own account on an external broker (from `MQTT_URL`): allowed everything. */
export type BrokerSuperuser = { username: string; password: string } | null;

/** The server's credentials from `MQTT_URL`, when it carries them. */
export const superuserFromUrl = (mqttUrl: string | undefined): BrokerSuperuser => {
  if (!mqttUrl) return null;
  try {
    const url = new URL(mqttUrl);
    return url.username
      ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
      : null;
  } catch {
    return null;
  }
};

/**
 * Whether an SN is the superuser's user name (any case): no terminal may hold it, or the broker's
 * callbacks could not tell that terminal from the server.
 */
export const isSuperuserSn = (superuser: BrokerSuperuser, sn: string) =>
  superuser !== null && sn.toUpperCase() === superuser.username.toUpperCase();

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The superuser's password, compared in constant time. */
export const isSuperuserPassword = (superuser: BrokerSuperuser, password: string | undefined) =>
  superuser !== null &&
  password !== undefined &&
  timingSafeEqual(digest(password), digest(superuser.password));
