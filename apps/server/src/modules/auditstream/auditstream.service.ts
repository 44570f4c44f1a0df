import { randomUUID } from 'node:crypto';
import type { AuditStreamSettings, AuditStreamView } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import type { AuditStreamRepository } from './auditstream.repository';
import { type AuditEvent, eventFrame } from './syslog-format';
import type { SyslogConnection, SyslogTarget } from './syslog-transport';

const MAX_EXPORT_DAYS = 366;
const EXPORT_BATCH = 1000;

/** Settings, state and the test message of the audit stream; the shipper does the sending. */
export const createAuditStreamService = (deps: {
  repo: AuditStreamRepository;
  events: {
    countAfter: (seq: number) => Promise<number>;
    range: (
      auth: AuthContext,
      r: { from: string; to: string },
      offset: number,
      limit: number,
    ) => Promise<AuditEvent[]>;
  };
  shipper: { connected: () => boolean; poke: () => void };
  connect: (target: SyslogTarget) => Promise<SyslogConnection>;
  clock: Clock;
  hostname: string;
}) => {
  const { repo, clock } = deps;
  const view = async (): Promise<AuditStreamView> => {
    const s = await repo.get();
    return {
      settings: {
        enabled: s.enabled,
        host: s.host,
        port: s.port,
        tls: s.tls,
        caCert: s.caCert,
        facility: s.facility,
      },
      state: {
        cursor: s.cursor,
        lag: await deps.events.countAfter(s.cursor),
        lastSentAt: s.lastSentAt?.toISOString() ?? null,
        lastError: s.lastError,
        lastErrorAt: s.lastErrorAt?.toISOString() ?? null,
        connected: deps.shipper.connected(),
      },
    };
  };
  return {
    view,
    /** Stores where to stream; turning it on needs a host. */
    async save(note: OperationNote, settings: AuditStreamSettings) {
      if (settings.enabled && !settings.host) throw new AppError('auditStreamHostRequired');
      note.subject({
        id: 'default',
        name: settings.host || '-',
        detail: `${settings.enabled ? 'on' : 'off'} ${settings.tls ? 'tls' : 'tcp'}://${settings.host}:${settings.port} ${settings.facility}`,
      });
      await repo.save(settings, clock.now());
      deps.shipper.poke();
      return view();
    },
    /**
     * The operation log of a time range the caller may see, one JSON event per line as the stream
     * sends it, in writing order. The range is checked before the first line.
     */
    exportLines(auth: AuthContext, r: { from: string; to: string }): AsyncIterable<string> {
      const span = Date.parse(r.to) - Date.parse(r.from);
      if (!(span > 0 && span <= MAX_EXPORT_DAYS * 86_400_000)) throw new AppError('auditStreamRangeInvalid');
      return (async function* () {
        for (let offset = 0; ; offset += EXPORT_BATCH) {
          const rows = await deps.events.range(auth, r, offset, EXPORT_BATCH);
          if (rows.length) yield rows.map((e) => `${JSON.stringify(e)}\n`).join('');
          if (rows.length < EXPORT_BATCH) return;
        }
      })();
    },
    /** Writes one test message to the stored receiver now, on a connection of its own. */
    async test(note: OperationNote, actor: { userId: string; username: string }) {
      const s = await repo.get();
      if (!s.host) throw new AppError('auditStreamHostRequired');
      note.subject({ id: 'default', name: s.host });
      const event: AuditEvent = {
        id: randomUUID(),
        seq: 0,
        at: clock.now().toISOString(),
        actorId: actor.userId,
        actorName: actor.username,
        ip: null,
        action: 'auditStream.test',
        objectType: 'auditStream',
        objectId: 'default',
        objectName: s.host,
        result: 'success',
        detail: 'test message',
      };
      let conn: SyslogConnection | null = null;
      try {
        conn = await deps.connect(s);
        await conn.write(eventFrame(event, { facility: s.facility, hostname: deps.hostname }));
        return { ok: true, error: null };
      } catch (err) {
        return { ok: false, error: err instanceof Error ? err.message : String(err) };
      } finally {
        conn?.close();
      }
    },
  };
};

export type AuditStreamService = ReturnType<typeof createAuditStreamService>;
