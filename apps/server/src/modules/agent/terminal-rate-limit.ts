import { DEVICE_PROTOCOL } from '@cpm/contracts';

/** How often, at most, the messages one terminal had dropped are reported. */
export const RATE_LIMIT_REPORT_MS = 60_000;

/** A token bucket in bytes (see DEVICE_PROTOCOL.rateLimit). */
export type RateLimit = { burstBytes: number; bytesPerSec: number; minMessageBytes: number };

type Bucket = { tokens: number; at: number; reportedAt: number; dropped: number };

/**
 * One token bucket per terminal, kept only while it is not full: a terminal that stayed within its
 * budget long enough costs no memory. Over its budget a terminal is reported through `onLimited` at most
 * once per `reportEveryMs`, with the number of messages dropped since its last report.
 */
export const createTerminalRateLimit = (opts: {
  onLimited: (sn: string, dropped: number) => void;
  limit?: RateLimit;
  reportEveryMs?: number;
}) => {
  const limit = opts.limit ?? DEVICE_PROTOCOL.rateLimit;
  const reportEveryMs = opts.reportEveryMs ?? RATE_LIMIT_REPORT_MS;
  const buckets = new Map<string, Bucket>();

  const refill = (bucket: Bucket, now: number) => {
    // A clock set back refills nothing rather than draining the bucket.
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(limit.burstBytes, bucket.tokens + (elapsed * limit.bytesPerSec) / 1000);
    bucket.at = now;
  };

  return {
    /** Charges a message of `bytes` to the terminal; false when it is over its budget (the message is to be dropped). */
    take(sn: string, bytes: number, now: number): boolean {
      const cost = Math.max(bytes, limit.minMessageBytes);
      let bucket = buckets.get(sn);
      if (bucket) refill(bucket, now);
      else {
        bucket = { tokens: limit.burstBytes, at: now, reportedAt: Number.NEGATIVE_INFINITY, dropped: 0 };
        buckets.set(sn, bucket);
      }
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost;
        return true;
      }
      bucket.dropped++;
      if (now - bucket.reportedAt >= reportEveryMs) {
        opts.onLimited(sn, bucket.dropped);
        bucket.dropped = 0;
        bucket.reportedAt = now;
      }
      return false;
    },

    /** Forgets the terminals whose bucket is full again, reporting what they dropped since their last report. */
    prune(now: number) {
      for (const [sn, bucket] of buckets) {
        refill(bucket, now);
        if (bucket.tokens < limit.burstBytes || now - bucket.reportedAt < reportEveryMs) continue;
        if (bucket.dropped > 0) opts.onLimited(sn, bucket.dropped);
        buckets.delete(sn);
      }
    },

    /** How many terminals have a bucket in memory. */
    tracked: () => buckets.size,
  };
};
