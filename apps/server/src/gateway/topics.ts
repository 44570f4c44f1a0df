// MQTT 3.1.1 §4.7 rules, kept here so the adapter can match topics the same way in every broker mode.

/** Longest topic the MQTT wire format can carry (a two-byte length prefix). */
const MAX_TOPIC_BYTES = 65535;

const isWithinLimits = (value: string): boolean =>
  value.length > 0 && !value.includes('\u0000') && Buffer.byteLength(value, 'utf8') <= MAX_TOPIC_BYTES;

/** True when `topic` may be published to: not empty and free of wildcards. */
export const isValidTopic = (topic: string): boolean =>
  isWithinLimits(topic) && !topic.includes('+') && !topic.includes('#');

/** True when `filter` may be subscribed to: `+` fills a whole level, `#` only the whole last one. */
export const isValidFilter = (filter: string): boolean => {
  if (!isWithinLimits(filter)) return false;
  const levels = filter.split('/');
  return levels.every((level, index) => {
    if (level.includes('#')) return level === '#' && index === levels.length - 1;
    return !level.includes('+') || level === '+';
  });
};

/** True when `topic` is matched by `filter`, `$`-topics excepted from leading wildcards as the spec asks. */
export const matchTopic = (filter: string, topic: string): boolean => {
  if (topic.charCodeAt(0) === DOLLAR && (filter.charCodeAt(0) === PLUS || filter.charCodeAt(0) === HASH))
    return false;
  // Level by level in place: every message a server handler hears passes here, so nothing is split.
  let f = 0;
  let t = 0;
  for (;;) {
    const fEnd = levelEnd(filter, f);
    const single = fEnd - f === 1;
    // `#` matches the rest, and also its parent level: `a/#` matches `a`.
    if (single && filter.charCodeAt(f) === HASH) return true;
    const tEnd = levelEnd(topic, t);
    if (!(single && filter.charCodeAt(f) === PLUS) && !sameLevel(filter, f, fEnd, topic, t, tEnd))
      return false;
    const filterDone = fEnd === filter.length;
    if (tEnd === topic.length)
      return filterDone || (fEnd + 2 === filter.length && filter.charCodeAt(fEnd + 1) === HASH);
    if (filterDone) return false;
    f = fEnd + 1;
    t = tEnd + 1;
  }
};

const DOLLAR = 36;
const PLUS = 43;
const HASH = 35;

/** Where the level starting at `from` ends (its `/`, or the end of the string). */
const levelEnd = (s: string, from: number) => {
  const end = s.indexOf('/', from);
  return end < 0 ? s.length : end;
};

const sameLevel = (a: string, aFrom: number, aEnd: number, b: string, bFrom: number, bEnd: number) => {
  if (aEnd - aFrom !== bEnd - bFrom) return false;
  for (let i = 0; i < aEnd - aFrom; i++)
    if (a.charCodeAt(aFrom + i) !== b.charCodeAt(bFrom + i)) return false;
  return true;
};
