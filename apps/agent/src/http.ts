/** An answer outside the API envelope's success, with the HTTP status and the server's text. */
export class ServerRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    text: string,
  ) {
    super(text);
  }
}

/** The terminal's HTTP side of the protocol: JSON in the API envelope, HTTP Basic with SN and secret. */
export const createHttp = (server: string, credentials: () => { sn: string; secret: string } | null) => {
  const base = server.replace(/\/$/, '');
  const authHeader = (): Record<string, string> => {
    const c = credentials();
    return c ? { authorization: `Basic ${Buffer.from(`${c.sn}:${c.secret}`).toString('base64')}` } : {};
  };

  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...authHeader(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let json: { code?: number; result?: unknown; messageEn?: string; message?: string } = {};
    try {
      json = JSON.parse(text);
    } catch {
      throw new ServerRefusal(res.status, 0, `${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
    }
    if (json.code !== 1)
      throw new ServerRefusal(
        res.status,
        json.code ?? 0,
        `${path}: HTTP ${res.status} ${json.messageEn ?? json.message ?? ''}`.trim(),
      );
    return json.result as T;
  };

  /** Sends a file as multipart form data (captured screenshots and logs). */
  const upload = async (path: string, name: string, mediaType: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: mediaType }), name);
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: authHeader(), body: form });
    const json = (await res.json()) as { code: number; result: unknown; messageEn?: string };
    if (json.code !== 1) throw new ServerRefusal(res.status, json.code, `${path}: ${json.messageEn ?? ''}`);
    return json.result;
  };

  return { base, call, upload, authHeader };
};
export type AgentHttp = ReturnType<typeof createHttp>;
