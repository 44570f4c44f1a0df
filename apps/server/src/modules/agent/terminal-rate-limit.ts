import { DEVICE_PROTOCOL } from '@cpm/contracts';

/** How often, at most, the messages one terminal had dropped are reported. */
export const RATE_LIMIT_REPORT_MS = 60_000;

/** A token bucket in bytes (see DEVICE_PROTOCOL.rateLimit). */
export type RateLimit = { burstBytes: number; bytesPerSec: number; minMessageBytes: number };

type Bucket = {
  tokens: number;
  at: number;
  reportedAt: number;
  dropped: number;
  /** In the limiter's own map (not full, or with drops to report). */
  listed: boolean;
};

/** Where a caller keeps a terminal's bucket between its messages (see `take`). */
export type BucketHolder = { bucket?: Bucket };

/**
 * One token bucket per terminal, kept in the limiter only while it is not full: a terminal that stayed
 * within its budget long enough costs no memory here. A caller may keep a terminal's bucket for it
 * (the gateway keeps it with the terminal's identity), so most messages look nothing up. Over its budget a terminal is reported through `onLimited` at most
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
    /**
     * Charges a message of `bytes` to the terminal; false when it is over its budget (the message is to
     * be dropped). `holder` keeps the terminal's bucket from one message to the next.
     */
    take(sn: string, bytes: number, now: number, holder?: BucketHolder): boolean {
      const cost = Math.max(bytes, limit.minMessageBytes);
      let bucket = holder?.bucket ?? buckets.get(sn);
      if (bucket) refill(bucket, now);
      else {
        bucket = {
          tokens: limit.burstBytes,
          at: now,
          reportedAt: Number.NEGATIVE_INFINITY,
          dropped: 0,
          listed: true,
        };
        buckets.set(sn, bucket);
      }
      if (holder) holder.bucket = bucket;
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost;
        return true;
      }
      // A kept bucket goes back on the list while it has drops to report.
      if (!bucket.listed) {
        bucket.listed = true;
        buckets.set(sn, bucket);
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
        bucket.dropped = 0;
        bucket.listed = false;
        buckets.delete(sn);
      }
    },

    /** How many terminals have a bucket in memory. */
    tracked: () => buckets.size,
  };
};
