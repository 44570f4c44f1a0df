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
  if (topic.startsWith('$') && (filter.startsWith('+') || filter.startsWith('#'))) return false;
  const filterLevels = filter.split('/');
  const topicLevels = topic.split('/');
  for (let i = 0; i < filterLevels.length; i++) {
    const level = filterLevels[i];
    // `#` also matches its parent level: `a/#` matches `a`.
    if (level === '#') return true;
    if (i >= topicLevels.length) return false;
    if (level !== '+' && level !== topicLevels[i]) return false;
  }
  return filterLevels.length === topicLevels.length;
};
