import net from 'node:net';

/**
 * A TCP proxy in front of the server that can cut one connection half-way: once armed, the first
 * connection that carries more than `afterBytes` towards the client is destroyed there, as a
 * terminal's network would drop it. Everything else passes untouched.
 */
export const startCutProxy = async (target: { host: string; port: number }) => {
  let armed: number | null = null;
  const state = { cuts: 0, connections: 0 };
  const sockets = new Set<net.Socket>();
  /** Bytes each connection carried to its client, and how many it had when the cut was armed. */
  const carried = new Map<net.Socket, { down: number; base: number }>();
  const server = net.createServer((client) => {
    state.connections++;
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const c = { down: 0, base: 0 };
    carried.set(client, c);
    upstream.on('data', (chunk: Buffer) => {
      c.down += chunk.length;
      if (armed !== null && c.down - c.base > armed) {
        const room = armed - (c.down - chunk.length - c.base);
        armed = null;
        state.cuts++;
        client.write(chunk.subarray(0, Math.max(0, room)));
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    client.on('data', (chunk) => upstream.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
      carried.delete(client);
    };
    client.on('close', close);
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    /** Cuts the next connection that sends the client more than `bytes`. */
    cutAfter(bytes: number) {
      for (const c of carried.values()) c.base = c.down;
      armed = bytes;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
};
