/** Lifetimes offered for a key, in hours: a day, a week, 30, 90 and 365 days. */
export const EXPIRY_HOURS = [24, 24 * 7, 24 * 30, 24 * 90, 24 * 365] as const;

/** How long an old key may stay valid after a rotation, in minutes: none, an hour, a day, a week. */
export const OVERLAP_MINUTES = [0, 60, 24 * 60, 7 * 24 * 60] as const;
