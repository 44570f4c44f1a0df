import net from 'node:net';
import tls from 'node:tls';

/** Where a syslog connection goes. */
export type SyslogTarget = { host: string; port: number; tls: boolean; caCert: string };

/** An open connection to a syslog receiver. */
export type SyslogConnection = {
  /** Resolves once the bytes are handed to the operating system; rejects when the connection failed. */
  write: (data: Buffer) => Promise<void>;
  /** Whether the connection has closed or failed (the receiver went away). */
  isClosed: () => boolean;
  /** Why it closed, when it did. */
  closedReason: () => string | null;
  close: () => void;
};

/** Opens a TCP (or RFC 5425 TLS) connection; rejects when the receiver cannot be reached in `timeoutMs`. */
export const connectSyslog = (target: SyslogTarget, timeoutMs = 10_000): Promise<SyslogConnection> =>
  new Promise((resolve, reject) => {
    const socket = target.tls
      ? tls.connect({
          host: target.host,
          port: target.port,
          ca: target.caCert.trim() ? target.caCert : undefined,
          servername: net.isIP(target.host) ? undefined : target.host,
        })
      : net.connect({ host: target.host, port: target.port });
    let reason: string | null = null;
    let open = false;
    const fail = (why: string) => {
      reason ??= why;
      if (!open) reject(new Error(why));
    };
    socket.setTimeout(timeoutMs, () => {
      if (!open) socket.destroy(new Error(`connection to ${target.host}:${target.port} timed out`));
    });
    socket.on('error', (err) => fail(err.message));
    // The receiver closing its side means it reads no more: what follows would be lost.
    socket.on('end', () => {
      fail('the receiver closed the connection');
      socket.destroy();
    });
    socket.on('close', () => fail('connection closed'));
    socket.on('data', () => undefined);
    socket.once(target.tls ? 'secureConnect' : 'connect', () => {
      open = true;
      socket.setTimeout(0);
      socket.setKeepAlive(true, 10_000);
      resolve({
        write: (data) =>
          new Promise((ok, no) => {
            if (reason) return no(new Error(reason));
            socket.write(data, (err) => (err ? no(err) : ok()));
          }),
        isClosed: () => reason !== null || socket.destroyed,
        closedReason: () => reason,
        close: () => {
          reason ??= 'closed';
          socket.destroy();
        },
      });
    });
  });
