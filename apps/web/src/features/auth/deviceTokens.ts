import { readJson, STORAGE_KEYS, writeJson } from '../../shared/session/storage';

/** Most accounts whose device token one browser keeps (a shared till serves a few cashiers). */
export const DEVICE_TOKENS_KEPT = 5;

type Saved = { username: string; token: string }[];

const keyOf = (username: string) => username.trim().toLowerCase();

const readSaved = (): Saved => {
  const saved = readJson<unknown>(STORAGE_KEYS.loginDevices, []);
  return Array.isArray(saved)
    ? saved.filter(
        (e): e is Saved[number] =>
          typeof e === 'object' &&
          e !== null &&
          typeof e.username === 'string' &&
          typeof e.token === 'string',
      )
    : [];
};

/**
 * The device token this browser was given at the account's last sign-in. Sent with the next one, it
 * lets the owner in while failures from other addresses have the account locked.
 */
export const deviceTokenFor = (username: string): string | undefined =>
  readSaved().find((e) => e.username === keyOf(username))?.token;

/** Keeps the token of a sign-in, newest first; it outlives sign-out, as it belongs to the browser. */
export const rememberDeviceToken = (username: string, token: string): void =>
  writeJson(
    STORAGE_KEYS.loginDevices,
    [
      { username: keyOf(username), token },
      ...readSaved().filter((e) => e.username !== keyOf(username)),
    ].slice(0, DEVICE_TOKENS_KEPT),
  );
