import {
  type PageQuery,
  REMOTE_PROTOCOL,
  REMOTE_SETTINGS_LIMITS,
  type RelayAddress,
  type RemoteConsentPolicy,
  type RemoteDown,
  type RemoteEndReason,
  type RemoteOpen,
  type RemotePolicyRow,
  type RemoteSessionFilter,
  type RemoteSessionRow,
  type RemoteSessionState,
  type RemoteSettings,
  type RemoteTicket,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { newToken, sha256 } from '../../shared/crypto';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import type { BlobDownload } from '../blobs/blobs.service';
import type { ParticipantRecord, RemoteRepository, SessionRecord, TokenHolder } from './remote.repository';

/** A terminal as the remote service needs it. */
export type RemoteTerminal = {
  id: string;
  sn: string;
  name: string;
  ownerId: string;
  groupId: string | null;
  online: boolean;
};

/** A terminal group as far as consent policies go. */
export type PolicyGroup = { id: string; name: string; parentId: string | null };

export type RemoteServiceDeps = {
  repo: RemoteRepository;
  clock: Clock;
  /** The terminal by SN inside the caller's data scope (throws `terminalNotFound` otherwise). */
  terminal(auth: AuthContext, sn: string): Promise<RemoteTerminal>;
  /** Every group of an enterprise (to walk a group's parents). */
  groupsOf(ownerId: string): Promise<PolicyGroup[]>;
  /** Groups the caller may see, and whether the caller may see one. */
  visibleGroups(auth: AuthContext): Promise<(PolicyGroup & { ownerId: string })[]>;
  /**
   * The step-up (the auth module's): a fresh second factor for an account that has one (else it
   * throws `stepUpFactorRequired`), or the password entered again or still fresh.
   */
  reverify(
    auth: AuthContext,
    password: string | undefined,
  ): Promise<'fresh' | 'verified' | 'missing' | 'wrong'>;
  /** The permissions of a console session while it lives; null once it ended. */
  consoleSession(sessionId: string): Promise<ReadonlySet<string> | null>;
  /** The user's display name. */
  userName(userId: string): Promise<string>;
  /** Sends `down/remote` to a terminal. */
  sendDown(sn: string, message: RemoteDown): Promise<void>;
  /** Told when a session ended, wherever it was ended (the relays close its sockets). */
  onEnded(sessionId: string, reason: RemoteEndReason): void;
  /** Recordings: open for download, remove at the end of retention. */
  recordings: {
    open(auth: AuthContext, blobId: string): Promise<BlobDownload>;
    remove(blobId: string): Promise<void>;
  };
  /** Where terminals and consoles dial the relay. */
  relay: { terminalUrl: string; console: RelayAddress };
  idleMs: number;
  recordingDays: number;
};

const DEFAULT_SETTINGS: RemoteSettings = {
  quality: REMOTE_SETTINGS_LIMITS.quality.default,
  fps: REMOTE_SETTINGS_LIMITS.fps.default,
};

/** The policy in force for a group: its own, else the nearest parent's, else `ask`. */
export const effectivePolicy = (
  groupId: string | null,
  groups: Map<string, PolicyGroup>,
  own: Map<string, RemoteConsentPolicy>,
): RemoteConsentPolicy => {
  const seen = new Set<string>();
  for (let id = groupId; id && !seen.has(id); id = groups.get(id)?.parentId ?? null) {
    seen.add(id);
    const policy = own.get(id);
    if (policy) return policy;
  }
  return 'ask';
};

/** What a relay viewer needs for as long as it is connected: a controller also `remote:desktop:control`. */
export const relayPermissions = (controller: boolean) =>
  controller ? ['remote:desktop:connect', 'remote:desktop:control'] : ['remote:desktop:connect'];

const durationSec = (s: SessionRecord, now: Date) =>
  Math.max(0, Math.round(((s.endedAt ?? now).getTime() - (s.startedAt ?? s.openedAt).getTime()) / 1000));

/**
 * Remote desktop rules: who may open, join, control and end a session; consent policies; one-time
 * relay tokens; the audit list and recordings. The relay calls the `relay*` functions.
 */
export const createRemoteService = (deps: RemoteServiceDeps) => {
  const { repo, clock } = deps;

  const issueToken = () => {
    const token = newToken();
    return {
      token,
      hash: sha256(token),
      expiresAt: new Date(clock.now().getTime() + REMOTE_PROTOCOL.tokenTtlSec * 1000),
    };
  };

  const ticket = (session: SessionRecord, participant: ParticipantRecord, token: string): RemoteTicket => ({
    sessionId: session.id,
    sn: session.sn,
    role: participant.role as RemoteTicket['role'],
    token,
    relay: deps.relay.console,
    state: session.state as RemoteSessionState,
    settings: { quality: session.quality, fps: session.fps },
    idleMinutes: Math.round(deps.idleMs / 60_000),
  });

  const policyOf = async (terminal: RemoteTerminal) => {
    const groups = await deps.groupsOf(terminal.ownerId);
    const own = await repo.policiesOf(groups.map((g) => g.id));
    return effectivePolicy(
      terminal.groupId,
      new Map(groups.map((g) => [g.id, g])),
      new Map(own.map((p) => [p.groupId, p.policy as RemoteConsentPolicy])),
    );
  };

  const ended = async (id: string, reason: RemoteEndReason) => {
    const row = await repo.end(id, reason, clock.now());
    if (!row) return null;
    // Also reaches a terminal that has not dialled the relay yet (or lost it): it stops trying.
    await deps.sendDown(row.sn, { type: 'close', sessionId: id }).catch(() => undefined);
    deps.onEnded(id, reason);
    return row;
  };

  return {
    /**
     * Opens a session on an online terminal of the caller's scope, or joins the one running there:
     * control needs `remote:desktop:control` and the caller's password (or a fresh step-up); only one controller at a time.
     */
    async open(auth: AuthContext, note: OperationNote, body: RemoteOpen): Promise<RemoteTicket> {
      const terminal = await deps.terminal(auth, body.sn);
      note.subject({ id: terminal.id, name: terminal.sn, detail: body.mode });
      const refuse = (key: ConstructorParameters<typeof AppError>[0]) => {
        note.fail(key);
        return new AppError(key);
      };
      if (body.mode === 'control') {
        if (!auth.permissions.has('remote:desktop:control')) throw refuse('remoteControlForbidden');
        const check = await deps.reverify(auth, body.password);
        if (check === 'missing') throw new AppError('remotePasswordRequired');
        if (check === 'wrong') throw refuse('remotePasswordWrong');
      }
      if (!terminal.online) throw refuse('remoteTerminalOffline');
      const policy = await policyOf(terminal);
      if (policy === 'deny') throw refuse('remotePolicyDenied');

      const userName = await deps.userName(auth.userId);
      const role = body.mode === 'control' ? 'controller' : 'observer';
      const user = issueToken();
      const live = await repo.findLiveByTerminal(terminal.id);
      if (!live) {
        const terminalToken = issueToken();
        const now = clock.now();
        const created = await repo.createSession(
          {
            terminalId: terminal.id,
            sn: terminal.sn,
            terminalName: terminal.name,
            ownerId: terminal.ownerId,
            openedBy: auth.userId,
            openedByName: userName,
            controllerId: role === 'controller' ? auth.userId : null,
            controllerName: role === 'controller' ? userName : null,
            consent: policy,
            quality: DEFAULT_SETTINGS.quality,
            fps: DEFAULT_SETTINGS.fps,
            openedAt: now,
            lastActiveAt: now,
          },
          { userId: auth.userId, userName, role },
          {
            terminal: terminalToken.hash,
            user: user.hash,
            consoleSessionId: auth.sessionId,
            expiresAt: user.expiresAt,
          },
        );
        if (created) {
          const url = `${deps.relay.terminalUrl}?session=${created.session.id}&token=${encodeURIComponent(terminalToken.token)}`;
          await deps.sendDown(terminal.sn, {
            type: 'open',
            sessionId: created.session.id,
            url,
            consent: policy === 'auto' ? 'auto' : 'ask',
            operator: userName,
            settings: DEFAULT_SETTINGS,
            protocol: REMOTE_PROTOCOL.version,
          });
          note.subject({ detail: `${body.mode} session ${created.session.id}` });
          return ticket(created.session, created.participant, user.token);
        }
      }
      // A session runs already (or another open won the race): join it.
      const running = live ?? (await repo.findLiveByTerminal(terminal.id));
      if (!running) throw new AppError('remoteSessionEnded');
      const joined = await repo.joinSession(
        running.id,
        { userId: auth.userId, userName, role },
        { ...user, consoleSessionId: auth.sessionId },
        clock.now(),
      );
      if (!joined) throw refuse(role === 'controller' ? 'remoteControllerBusy' : 'remoteSessionEnded');
      note.subject({ detail: `${body.mode} session ${running.id}` });
      return ticket(joined.session, joined.participant, user.token);
    },

    /** A fresh one-time token for the caller's place in a running session (after a dropped connection). */
    async token(auth: AuthContext, sessionId: string): Promise<RemoteTicket> {
      const session = await repo.findVisible(auth, sessionId);
      const participant = session && (await repo.findParticipant(session.id, auth.userId));
      if (!session || !participant) throw new AppError('remoteSessionNotFound');
      if (session.state === 'ended') throw new AppError('remoteSessionEnded');
      const user = issueToken();
      const role = session.controllerId === auth.userId ? 'controller' : 'observer';
      const joined = await repo.joinSession(
        session.id,
        { userId: auth.userId, userName: participant.userName, role },
        { ...user, consoleSessionId: auth.sessionId },
        clock.now(),
      );
      if (!joined) throw new AppError('remoteSessionEnded');
      return ticket(joined.session, joined.participant, user.token);
    },

    /** Ends a session: its controller or whoever opened it. */
    async close(auth: AuthContext, note: OperationNote, sessionId: string) {
      const session = await repo.findVisible(auth, sessionId);
      if (!session) throw new AppError('remoteSessionNotFound');
      note.subject({ id: session.terminalId, name: session.sn, detail: `session ${session.id}` });
      if (session.controllerId !== auth.userId && session.openedBy !== auth.userId)
        throw new AppError('remoteCloseForbidden');
      if (!(await ended(session.id, 'closed'))) throw new AppError('remoteSessionEnded');
      return null;
    },

    /** The audit list. */
    async page(auth: AuthContext, q: PageQuery & RemoteSessionFilter) {
      const now = clock.now();
      const { rows, total, participants } = await repo.page(auth, q, pageOffset(q), q.size);
      const records: RemoteSessionRow[] = rows.map((s) => ({
        id: s.id,
        sn: s.sn,
        terminalName: s.terminalName,
        openedBy: s.openedByName,
        controller: s.controllerName,
        participants: participants
          .filter((p) => p.sessionId === s.id)
          .map((p) => ({ name: p.userName, role: p.role as 'controller' | 'observer' })),
        state: s.state as RemoteSessionState,
        endReason: s.endReason as RemoteEndReason | null,
        consent: s.consent as RemoteConsentPolicy,
        openedAt: s.openedAt.toISOString(),
        startedAt: s.startedAt?.toISOString() ?? null,
        endedAt: s.endedAt?.toISOString() ?? null,
        durationSec: durationSec(s, now),
        recording: s.recordingBlobId
          ? { bytes: s.recordingBytes, frames: s.recordingFrames, inputs: s.recordingInputs }
          : null,
        recordingExpired: s.recordingExpired,
      }));
      return toPage(records, total, q);
    },

    /** The recording of a session in the caller's scope. */
    async openRecording(auth: AuthContext, note: OperationNote, id: string) {
      const session = await repo.findVisible(auth, id);
      if (!session?.recordingBlobId) throw new AppError('remoteRecordingNotFound');
      note.subject({
        id: session.terminalId,
        name: session.sn,
        detail: `recording of session ${session.id}`,
      });
      return deps.recordings.open(auth, session.recordingBlobId);
    },

    /** Each visible group with its own policy and the one in force. */
    async policies(auth: AuthContext): Promise<RemotePolicyRow[]> {
      const groups = await deps.visibleGroups(auth);
      const own = new Map(
        (await repo.policiesOf(groups.map((g) => g.id))).map((p) => [
          p.groupId,
          p.policy as RemoteConsentPolicy,
        ]),
      );
      const byId = new Map(groups.map((g) => [g.id, g]));
      return groups.map((g) => ({
        groupId: g.id,
        groupName: g.name,
        parentId: g.parentId,
        policy: own.get(g.id) ?? null,
        effective: effectivePolicy(g.id, byId, own),
      }));
    },

    async savePolicy(
      auth: AuthContext,
      note: OperationNote,
      body: { groupId: string; policy: RemoteConsentPolicy | 'inherit' },
    ) {
      const group = (await deps.visibleGroups(auth)).find((g) => g.id === body.groupId);
      if (!group) throw new AppError('groupUnknown');
      note.subject({ id: group.id, name: group.name, detail: body.policy });
      await repo.savePolicy(
        group.id,
        body.policy === 'inherit' ? null : body.policy,
        auth.userId,
        clock.now(),
      );
      return null;
    },

    /**
     * The relay: uses a one-time token; null when it is forged, used, expired or its session ended, or
     * (a user's) when the console session it was issued to ended or lost the permission it needs.
     */
    async relayConsume(sessionId: string, token: string): Promise<TokenHolder | null> {
      if (!/^[0-9a-f-]{36}$/i.test(sessionId) || token.length > 128) return null;
      const holder = await repo.consumeToken(sha256(token), sessionId, clock.now());
      if (!holder || holder.session.state === 'ended') return null;
      if (!holder.participant) return holder;
      const granted = holder.consoleSessionId ? await deps.consoleSession(holder.consoleSessionId) : null;
      const needs = relayPermissions(holder.session.controllerId === holder.participant.userId);
      return granted && needs.every((p) => granted.has(p)) ? holder : null;
    },

    /** The relay: the terminal dialled in and asks its person (or accepted on its own). */
    relayAsking: (id: string) => repo.setState(id, ['waiting'], 'asking', { lastActiveAt: clock.now() }),

    /** The relay: consent given; the screen shows from now. */
    relayActive: (id: string) =>
      repo.setState(id, ['waiting', 'asking'], 'active', {
        startedAt: clock.now(),
        lastActiveAt: clock.now(),
      }),

    /** The relay (or a sweep) ends a session; null when it had ended already. */
    relayEnd: (id: string, reason: RemoteEndReason) => ended(id, reason),

    relayTouch: (ids: string[]) => repo.touch(ids, clock.now()),

    relaySettings: (id: string, s: RemoteSettings) => repo.saveSettings(id, s.quality, s.fps),

    relayRecording: (id: string, r: { blobId: string; bytes: number; frames: number; inputs: number }) =>
      repo.saveRecording(id, r),

    findSession: (id: string) => repo.findById(id),

    /** Ends running sessions no relay has touched for `staleMs` (their server stopped), and old tokens. */
    async sweepStale(staleMs: number) {
      const now = clock.now();
      const stale = await repo.staleSessions(new Date(now.getTime() - staleMs));
      let count = 0;
      for (const { id, state } of stale)
        if (await ended(id, state === 'waiting' ? 'terminalTimeout' : 'lost')) count++;
      await repo.deleteExpiredTokens(new Date(now.getTime() - 3_600_000));
      return { ended: count };
    },

    /** Removes recordings past retention (their audit rows stay, marked expired). */
    async sweepRecordings() {
      const before = new Date(clock.now().getTime() - deps.recordingDays * 86_400_000);
      let removed = 0;
      for (;;) {
        const batch = await repo.expiredRecordings(before, 100);
        for (const r of batch) {
          if (r.blobId) await deps.recordings.remove(r.blobId);
          await repo.markRecordingExpired(r.id);
          removed++;
        }
        if (batch.length < 100) break;
      }
      return { removed };
    },
  };
};

export type RemoteService = ReturnType<typeof createRemoteService>;
