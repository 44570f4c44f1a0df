/**
 * The device protocol: what a terminal sends and receives, over MQTT or the HTTP fallback. The
 * server, the simulator and `docs/device-protocol.md` all follow these schemas.
 */
export const DEVICE_PROTOCOL = {
  version: 1,
  /** Heartbeat period the server asks for, seconds. */
  heartbeatIntervalSec: 30,
  /** Missing heartbeats for this long turns a terminal offline, seconds (three periods). */
  offlineAfterSec: 90,
  /**
   * Largest accepted device message, bytes. The embedded broker refuses a bigger publish (and the
   * connection); a bigger one reaching the gateway through an external broker is dropped and counted.
   */
  maxPayloadBytes: 64 * 1024,
  /**
   * Largest MQTT packet a terminal may send, bytes, headers included: the payload limit plus room for the
   * topic and, in CONNECT, the client id, credentials and will topic. The embedded broker closes the
   * connection as soon as a packet announces more, before reading it.
   */
  maxPacketBytes: 68 * 1024,
  /**
   * What one terminal may send over MQTT, per server instance: a token bucket in bytes holding
   * `burstBytes`, refilled at `bytesPerSec`, where each message costs its payload size but at least
   * `minMessageBytes`. An honest terminal sends a heartbeat every 30 s plus a location now and then
   * (under 0.1 KiB/s as charged), and on connecting a status, a hello of at most 64 KiB and whatever
   * it queued offline; a burst of 256 small messages and 4 per second after that leave room for all of
   * it. What goes beyond is dropped and counted, so one terminal cannot flood the database.
   */
  rateLimit: { burstBytes: 256 * 1024, bytesPerSec: 4 * 1024, minMessageBytes: 1024 },
  /**
   * What a terminal does when the broker refuses its connection with "server unavailable" (CONNACK
   * return code 3): the server is admitting as many terminals as it can serve and asks the rest to
   * come back later. After the n-th refusal in a row wait a random time between d and 2d, where
   * d = min(firstSec * 2^(n-1), maxSec / 2); a successful connection starts the count again.
   */
  connectBackoff: { firstSec: 2, maxSec: 120 },
} as const;

/**
 * Milliseconds to wait before connecting again after the `refusals`-th "server unavailable" in a row
 * (see DEVICE_PROTOCOL.connectBackoff); `random` is 0 to 1.
 */
export const connectBackoffMs = (refusals: number, random: number): number => {
  const { firstSec, maxSec } = DEVICE_PROTOCOL.connectBackoff;
  const d = Math.min(firstSec * 2 ** Math.max(0, refusals - 1), maxSec / 2);
  return Math.round(d * (1 + random) * 1000);
};

/** Serial number: letters, digits, `-` and `_`, 4 to 64 characters; never an MQTT wildcard or separator. */
export const SN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{3,63}$/;
/** What a terminal publishes, under `cpm/dev/{sn}/up/{kind}`. */
export const UP_KINDS = [
  'hello',
  'heartbeat',
  'location',
  'event',
  'status',
  'result',
  'output',
  'policy',
  'alarm',
] as const;
export type UpKind = (typeof UP_KINDS)[number];
/** What the server sends, under `cpm/dev/{sn}/down/{kind}`. */
export const DOWN_KINDS = ['task', 'cmd', 'remote', 'policy'] as const;
export type DownKind = (typeof DOWN_KINDS)[number];
