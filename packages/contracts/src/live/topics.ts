import {
  DOWN_KINDS,
  type DownKind,
  SN_PATTERN,
  UP_KINDS,
  type UpKind,
} from '../device-protocol/protocol-constants';

/**
 * Every MQTT topic of the product, built and parsed in one place. Terminals use
 * `cpm/dev/{sn}/up|down/{kind}`, console tabs hear `cpm/user/{userId}/{kind}`, and server instances
 * talk to each other on `cpm/sys/...`, which neither terminals nor console users may touch.
 */
const ROOT = 'cpm';

/** The kinds of a terminal topic in each direction. */
export type TerminalKind<D extends 'up' | 'down'> = D extends 'up' ? UpKind : DownKind;

/** `cpm/dev/{sn}/{direction}/{kind}`: a terminal's own topic. */
export const terminalTopic = <D extends 'up' | 'down'>(sn: string, direction: D, kind: TerminalKind<D>) =>
  `${ROOT}/dev/${sn}/${direction}/${kind}`;

/** Filters of the terminal topics. */
export const terminalFilters = {
  /** What a terminal subscribes to: everything the server sends it. */
  down: (sn: string) => `${ROOT}/dev/${sn}/down/#`,
  /** What the server listens on: everything every terminal sends. */
  upAll: `${ROOT}/dev/+/up/+`,
  /** The `up` topic pattern told to a terminal at enrollment (`{kind}` stands for each kind). */
  upPattern: (sn: string) => `${ROOT}/dev/${sn}/up/{kind}`,
  /** `cpm/dev/{sn}/{direction}/`: what every topic of one terminal and direction starts with. */
  prefix: (sn: string, direction: 'up' | 'down') => `${ROOT}/dev/${sn}/${direction}/`,
};

/** Splits `cpm/dev/{sn}/{up|down}/{kind}`; null for anything else, including an unknown kind. */
export const parseTerminalTopic = (
  topic: string,
):
  | { sn: string; direction: 'up'; kind: UpKind }
  | { sn: string; direction: 'down'; kind: DownKind }
  | null => {
  const parts = topic.split('/');
  if (parts.length !== 5 || parts[0] !== ROOT || parts[1] !== 'dev' || !SN_PATTERN.test(parts[2]))
    return null;
  const [, , sn, direction, kind] = parts;
  if (direction === 'up' && (UP_KINDS as readonly string[]).includes(kind))
    return { sn, direction, kind: kind as UpKind };
  if (direction === 'down' && (DOWN_KINDS as readonly string[]).includes(kind))
    return { sn, direction, kind: kind as DownKind };
  return null;
};

/** Splits `cpm/dev/{sn}/up/{kind}`; null for anything else. */
export const parseUpTopic = (topic: string): { sn: string; kind: UpKind } | null => {
  // Every message a terminal sends comes through here: read in place, with no split.
  const end = upSegmentAt(topic);
  if (end < 0) return null;
  const kind = upKindFrom(topic, end + UP_SEGMENT.length);
  if (!kind) return null;
  const sn = topic.slice(DEV_PREFIX.length, end);
  return SN_PATTERN.test(sn) ? { sn, kind } : null;
};

/** True when `topic` is `cpm/dev/{sn}/up/{kind}` for this SN and a known kind. */
export const isUpTopicOf = (sn: string, topic: string): boolean =>
  topic.startsWith(sn, DEV_PREFIX.length) && upKindAt(topic) === DEV_PREFIX.length + sn.length;

const DEV_PREFIX = `${ROOT}/dev/`;
const UP_SEGMENT = '/up/';

/** Where `/up/` starts in `cpm/dev/{segment}/up/...`, else -1. */
const upSegmentAt = (topic: string): number => {
  if (!topic.startsWith(DEV_PREFIX)) return -1;
  const end = topic.indexOf('/', DEV_PREFIX.length);
  return end > DEV_PREFIX.length && topic.startsWith(UP_SEGMENT, end) ? end : -1;
};

/** The known kind that is all of `topic` from `from` on, compared in place (no string cut out). */
const upKindFrom = (topic: string, from: number): UpKind | undefined => {
  for (const kind of UP_KINDS)
    if (topic.length === from + kind.length && topic.startsWith(kind, from)) return kind;
  return undefined;
};

/** Where `/up/{kind}` starts in `cpm/dev/{segment}/up/{kind}` with a known kind, else -1. */
const upKindAt = (topic: string): number => {
  const end = upSegmentAt(topic);
  return end >= 0 && upKindFrom(topic, end + UP_SEGMENT.length) ? end : -1;
};

/** What a console tab hears live, each on its own topic below the user. */
export const USER_EVENT_KINDS = [
  /** Something in the user's message box changed: count again. */
  'notice',
  /** Terminals the user may see came online, went offline or changed. */
  'device',
  /** Progress of a background job the user started. */
  'job',
  /** An after-sales order the user may see changed. */
  'support',
  /** Remote tasks the user may see moved on: results reported, a wave released, a state change. */
  'task',
  /** A remote command the user ran printed output or reported a result. */
  'command',
  /** Alerts the user may see were raised, closed, acknowledged or grouped: read the alert lists again. */
  'alert',
] as const;
export type UserEventKind = (typeof USER_EVENT_KINDS)[number];

/** `cpm/user/{userId}/{kind}`: one user's live events; only that user may subscribe. */
export const userTopic = (userId: string, kind: UserEventKind) => `${ROOT}/user/${userId}/${kind}`;

/** Filters of the user topics. */
export const userFilters = {
  /** Every event of one user. */
  all: (userId: string) => `${ROOT}/user/${userId}/#`,
  /** Every user's events: what an instance copies from an external broker into its own `/mqtt`. */
  everyone: `${ROOT}/user/#`,
  /** `cpm/user/{userId}/`: what every topic of one user starts with. */
  prefix: (userId: string) => `${ROOT}/user/${userId}/`,
};

/** Splits `cpm/user/{userId}/{kind}`; null for anything else, including an unknown kind. */
export const parseUserTopic = (topic: string): { userId: string; kind: UserEventKind } | null => {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== ROOT || parts[1] !== 'user' || !parts[2]) return null;
  if (parts[2] === '+' || parts[2] === '#') return null;
  const kind = parts[3] as UserEventKind;
  return USER_EVENT_KINDS.includes(kind) ? { userId: parts[2], kind } : null;
};

/** Messages between server instances; terminals and console users can neither publish nor subscribe here. */
export const systemTopics = {
  /** A terminal's owner, status or secret changed: every instance forgets what it cached about it. */
  terminalChanged: `${ROOT}/sys/terminal/changed`,
  /** Work for terminals changed (tasks, payment locks): every instance reads their heartbeat answers again. */
  terminalWork: `${ROOT}/sys/terminal/work`,
  /** Sessions of these users ended: every instance closes their console connections that lost theirs. */
  sessionsEnded: `${ROOT}/sys/session/ended`,
  /** A remote desktop session ended: the instance holding its relay sockets closes them (`{"sessionId"}`). */
  remoteEnded: `${ROOT}/sys/remote/ended`,
};
