import { createReadStream } from 'node:fs';
import { open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  RECORDING_KINDS,
  RECORDING_MAGIC,
  RECORDING_RECORD_HEADER,
  REMOTE_PROTOCOL,
  type RelayAddress,
  type RemoteEndReason,
  systemTopics,
  terminalTopic,
} from '@cpm/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Broker } from '../../gateway/broker';
import type { AuthContext } from '../../plugins/auth-context';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import { serveSidePort } from '../../shared/side-port';
import type { AuthService } from '../auth/auth.service';
import type { SessionConnections } from '../auth/session-connections';
import type { BlobsService } from '../blobs/blobs.service';
import type { TerminalsService } from '../devices/terminals.service';
import type { GroupRow } from '../groups/groups.repository';
import type { createJobsModule } from '../jobs/jobs.module';
import { createRemoteRepository } from './remote.repository';
import { registerRemoteRoutes } from './remote.routes';
import { createRemoteService } from './remote.service';
import { createRemoteRelay } from './remote-relay';
import { createSessionRecorder, type RecordingSummary } from './session-recorder';

/** A session nobody's relay has touched for this long is over (its server stopped). */
export const REMOTE_STALE_MS = 2 * 60_000;

/** Where terminals dial the relay: REMOTE_URL, or PUBLIC_URL's host on REMOTE_PORT (the main port when 0). */
export const relayAddresses = (config: Config): { terminalUrl: string; console: RelayAddress } => {
  const { remote } = config;
  if (remote.publicUrl)
    return {
      terminalUrl: remote.publicUrl,
      console: { port: null, path: REMOTE_PROTOCOL.path, url: remote.publicUrl },
    };
  const url = new URL(config.publicUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (remote.port) url.port = String(remote.port);
  url.pathname = REMOTE_PROTOCOL.path;
  return {
    terminalUrl: url.toString(),
    console: { port: remote.port || null, path: REMOTE_PROTOCOL.path, url: null },
  };
};

/** Counts what a recording file holds by walking its record headers (for one left by a crash). */
const summarize = async (file: string): Promise<RecordingSummary> => {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(RECORDING_RECORD_HEADER);
    let offset = RECORDING_MAGIC.length;
    let frames = 0;
    let inputs = 0;
    while (offset + RECORDING_RECORD_HEADER <= size) {
      await handle.read(header, 0, RECORDING_RECORD_HEADER, offset);
      const length = header.readUInt32BE(1);
      if (offset + RECORDING_RECORD_HEADER + length > size) break;
      if (header[0] === RECORDING_KINDS.frame) frames++;
      else if (header[0] === RECORDING_KINDS.input) inputs++;
      offset += RECORDING_RECORD_HEADER + length;
    }
    return { file, bytes: offset, frames, inputs, skipped: 0 };
  } finally {
    await handle.close();
  }
};

/**
 * Remote desktop: the session rules, routes, the relay (on REMOTE_PORT or under the main port), the
 * recordings it writes into the blob store, and the jobs that end stale sessions and expire recordings.
 */
export const createRemoteModule = async (deps: {
  api: EndpointRegistry;
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  broker: Broker | null;
  blobs: BlobsService;
  terminals: TerminalsService;
  groups: {
    listByOwner(ownerId: string): Promise<GroupRow[]>;
    listVisible(auth: AuthContext): Promise<GroupRow[]>;
  };
  auth: Pick<AuthService, 'confirmRisky' | 'liveSessions'>;
  /** Where viewers are held with their console sessions (closed when those end). */
  connections: Pick<SessionConnections, 'register'>;
  users: { findById(id: string): Promise<{ name: string | null; username: string } | null> };
  jobs: ReturnType<typeof createJobsModule>;
}) => {
  const { config, log, broker } = deps;
  const recordingDir = path.join(config.dataDir, 'remote-recordings');
  const addresses = relayAddresses(config);
  const repo = createRemoteRepository(deps.db);

  // Ended here: close the sockets here, and tell the other instances.
  let closeLocal: (id: string, reason: RemoteEndReason) => void = () => {};
  const onEnded = (sessionId: string, reason: RemoteEndReason) => {
    closeLocal(sessionId, reason);
    broker
      ?.publish(systemTopics.remoteEnded, JSON.stringify({ sessionId, reason }), { qos: 1 })
      .catch((err: unknown) =>
        log.warn({ err, sessionId }, 'could not announce the end of a remote session'),
      );
  };

  const service = createRemoteService({
    repo,
    clock: deps.clock,
    terminal: async (auth, sn) => {
      const t = await deps.terminals.detail(auth, sn);
      return { id: t.id, sn: t.sn, name: t.name, ownerId: t.ownerId, groupId: t.groupId, online: t.online };
    },
    groupsOf: (ownerId) => deps.groups.listByOwner(ownerId),
    visibleGroups: (auth) => deps.groups.listVisible(auth),
    reverify: (auth, password) => deps.auth.confirmRisky(auth, password),
    consoleSession: async (id) => (await deps.auth.liveSessions([id])).get(id) ?? null,
    userName: async (id) => {
      const user = await deps.users.findById(id);
      return user ? user.name || user.username : id;
    },
    sendDown: async (sn, message) => {
      await broker?.publish(terminalTopic(sn, 'down', 'remote'), JSON.stringify(message), { qos: 1 });
    },
    onEnded,
    recordings: {
      open: (auth, blobId) => deps.blobs.openDownload(auth, blobId),
      remove: (blobId) => deps.blobs.removeBlob(blobId),
    },
    relay: addresses,
    idleMs: config.remote.idleMs,
    recordingDays: config.remote.recordingDays,
  });

  const storeRecording = async (sessionId: string, summary: RecordingSummary) => {
    try {
      const session = await service.findSession(sessionId);
      if (!session || session.recordingBlobId) return;
      const blob = await deps.blobs.storeUpload({
        kind: 'remoteRecording',
        name: `remote-${session.sn}-${session.openedAt.toISOString().replace(/[:.]/g, '-')}.cpmrec`,
        stream: createReadStream(summary.file),
        ownerId: session.ownerId,
        createdBy: session.openedBy,
      });
      await service.relayRecording(sessionId, {
        blobId: blob.id,
        bytes: summary.bytes,
        frames: summary.frames,
        inputs: summary.inputs,
      });
    } finally {
      await rm(summary.file, { force: true });
    }
  };

  const relay = createRemoteRelay({
    rules: service,
    log,
    holdViewer: deps.connections.register,
    idleMs: config.remote.idleMs,
    now: () => deps.clock.now().getTime(),
    startRecording: (sessionId, startedAt) => createSessionRecorder(recordingDir, sessionId, startedAt),
    storeRecording,
  });
  closeLocal = relay.closeSession;

  registerRemoteRoutes(deps.api, { remote: service });

  const unsubscribe = await broker?.subscribe(systemTopics.remoteEnded, (_topic, payload) => {
    try {
      const { sessionId, reason } = JSON.parse(payload.toString()) as {
        sessionId: string;
        reason: RemoteEndReason;
      };
      if (typeof sessionId === 'string') relay.closeSession(sessionId, reason);
    } catch {
      // Not ours to understand; nothing to close.
    }
  });

  deps.jobs.registerHandler('remote.sweep', () => service.sweepStale(REMOTE_STALE_MS));
  deps.jobs.schedule({ name: 'remote.sweep', cron: '* * * * *', kind: 'remote.sweep' });
  deps.jobs.registerHandler('remote.retention', () => service.sweepRecordings());
  deps.jobs.schedule({ name: 'remote.retention', cron: '47 3 * * *', kind: 'remote.retention' });

  // Recordings this instance was writing when it stopped: their sessions are over; keep what was written.
  const recover = async () => {
    const names = await readdir(recordingDir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.rec'))) {
      const sessionId = name.slice(0, -4);
      const file = path.join(recordingDir, name);
      try {
        await service.relayEnd(sessionId, 'lost');
        await storeRecording(sessionId, await summarize(file));
      } catch (err) {
        log.error({ err, sessionId }, 'could not recover a remote session recording');
      }
    }
  };
  await recover();

  if (config.remote.port === 0) relay.attach(deps.app.server);
  else
    serveSidePort(deps.app, {
      variable: 'REMOTE_PORT',
      serves: 'the remote desktop relay',
      host: config.host,
      port: config.remote.port,
      hint: 'Choose a free port, or leave REMOTE_PORT unset to serve the relay under the main port.',
      // relay.close() ends the sessions and then closes its port.
      open: async () => ({ port: await relay.listen(config.remote.port, config.host) }),
    });

  return {
    service,
    relay,
    async close() {
      await unsubscribe?.();
      await relay.close();
    },
  };
};
