/** What the SMS sender needs of a logger. */
type SmsLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

/**
 * Sends text messages (alerts: hardware exceptions, geofences). `send(to, text)` resolves once the
 * provider took the message and rejects when it did not, so a job can try again.
 */
export type SmsSender = {
  /** `log` when no provider is configured (messages are only logged), else `http`. */
  readonly provider: 'log' | 'http';
  send(to: string, text: string): Promise<void>;
};

/** Where messages go: an HTTP provider (`SMS_URL`, with `SMS_TOKEN` as its bearer token), or the log. */
export type SmsConfig = { url?: string; token?: string };

/** Longest wait for the provider's answer. */
const SMS_TIMEOUT_MS = 10_000;

/** A phone number as the log shows it: the last four digits only. */
export const maskPhone = (to: string) => (to.length > 4 ? `${'*'.repeat(to.length - 4)}${to.slice(-4)}` : to);

/**
 * The default without a provider: each message is written to the log (number masked, text kept so
 * an operator sees what would have gone out). Alert texts carry no secrets; nothing secret may be
 * sent through this sender while it logs.
 */
export const createLogSms = (log: SmsLog): SmsSender => ({
  provider: 'log',
  async send(to, text) {
    log.info({ to: maskPhone(to), text }, 'SMS logged, not sent (SMS_URL is not set)');
  },
});

/**
 * An HTTP provider: `POST url` with `{"to": "...", "text": "..."}` as JSON and, when a token is
 * configured, `Authorization: Bearer <token>`. Any 2xx answer counts as accepted; anything else, a
 * timeout or a network failure rejects (the number is masked in the error).
 */
export const createHttpSms = (opts: {
  url: string;
  token?: string;
  log: SmsLog;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}): SmsSender => {
  const doFetch = opts.fetch ?? globalThis.fetch;
  return {
    provider: 'http',
    async send(to, text) {
      let res: Response;
      try {
        res = await doFetch(opts.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? SMS_TIMEOUT_MS),
        });
      } catch (err) {
        opts.log.warn({ to: maskPhone(to), err: (err as Error).message }, 'SMS provider not reached');
        throw new Error(`SMS to ${maskPhone(to)} not sent: provider not reached`);
      }
      // The body is read so the connection is released; the provider's text is not logged (it may quote ours).
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) {
        opts.log.warn({ to: maskPhone(to), status: res.status }, 'SMS provider refused the message');
        throw new Error(`SMS to ${maskPhone(to)} not sent: provider answered ${res.status}`);
      }
    },
  };
};

/** The configured sender: the HTTP provider when `url` is set, else the log. */
export const createSmsSender = (config: SmsConfig, log: SmsLog): SmsSender =>
  config.url ? createHttpSms({ url: config.url, token: config.token, log }) : createLogSms(log);
