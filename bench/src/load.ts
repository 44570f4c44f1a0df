import http from 'node:http';

/** Sends POSTs from `concurrency` loops for `seconds`; answers requests per second and failures. */
export const loadPost = async (o: {
  port: number;
  path: string;
  seconds: number;
  concurrency: number;
  body: () => string;
  headers: (i: number) => Record<string, string>;
}) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.concurrency });
  const until = Date.now() + o.seconds * 1000;
  let ok = 0;
  let failed = 0;
  let n = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const body = o.body();
      const req = http.request(
        {
          host: '127.0.0.1',
          port: o.port,
          path: o.path,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...o.headers(n++),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) ok++;
            else failed++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.end(body);
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (Date.now() < until) await one();
    }),
  );
  agent.destroy();
  const seconds = (Date.now() - started) / 1000;
  return { perSecond: ok / seconds, ok, failed };
};

/** The p-th percentile (0-100) of a list of durations. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
