import type { Passkey, WebAuthnOptions } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import type { ChallengePurpose, PasskeyRecord, PasskeysRepository } from './passkeys.repository';
import { CHALLENGE_TTL_MS, type WebAuthn } from './webauthn';

/** A passkey answer as the browser sent it, with the id of the challenge it signs. */
export type PasskeyAnswer = { challengeId: string; credential: unknown };

/** An account's passkey as the API shows it: never its key. */
export const passkeyView = (p: PasskeyRecord): Passkey => ({
  id: p.id,
  name: p.name,
  synced: p.synced === 'multi',
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys (WebAuthn): registering several per account, renaming and removing them, and checking a
 * passkey's answer at sign-in (as the second factor, or alone where the enterprise allows it) and
 * before a risky act. Challenges live on the server, serve once and expire in two minutes. Without
 * a relying party configured (`webauthn` null) every ceremony answers `passkeyUnavailable`.
 */
export const createPasskeysService = (deps: {
  repo: PasskeysRepository;
  webauthn: WebAuthn | null;
  clock: Clock;
  findAccount(id: string): Promise<{ id: string; username: string } | null>;
  /** Ten new recovery codes when the account had no second factor before this passkey, else none. */
  recoveryCodesForFirstFactor(userId: string): Promise<string[]>;
  /** Whether the account's enterprise lets it sign in with a passkey alone. */
  passwordlessAllowed(userId: string): Promise<boolean>;
  /** Whether the account keeps a second factor without this passkey, where a rule requires one. */
  keepsRequiredFactor(userId: string, passkeyId: string): Promise<boolean>;
}) => {
  const { repo, clock } = deps;
  const webauthn = () => {
    if (!deps.webauthn) throw new AppError('passkeyUnavailable');
    return deps.webauthn;
  };

  const ceremony = async (
    purpose: ChallengePurpose,
    userId: string | null,
    made: { challenge: string; options: Record<string, unknown> },
  ): Promise<WebAuthnOptions> => {
    const now = clock.now();
    const challengeId = await repo.saveChallenge(
      { purpose, userId, challenge: made.challenge, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) },
      now,
    );
    return { challengeId, options: made.options };
  };

  /** The challenge an answer signs, taken so it never serves again; it must be this account's and unexpired. */
  const takeChallenge = async (purpose: ChallengePurpose, challengeId: string, userId: string | null) => {
    const row = await repo.takeChallenge(challengeId, purpose);
    if (!row || row.userId !== userId || row.expiresAt.getTime() <= clock.now().getTime())
      throw new AppError('passkeyChallengeExpired');
    return row.challenge;
  };

  const credentialIdOf = (credential: unknown) =>
    typeof credential === 'object' && credential !== null && 'id' in credential
      ? String((credential as { id: unknown }).id)
      : '';

  /**
   * Checks an assertion against the challenge taken for `userId` (null: a sign-in where the passkey
   * names the account); answers the passkey's account. A passkey of another account is refused.
   */
  const assert = async (purpose: ChallengePurpose, userId: string | null, answer: PasskeyAnswer) => {
    const wa = webauthn();
    const challenge = await takeChallenge(purpose, answer.challengeId, userId);
    const stored = await repo.findByCredential(credentialIdOf(answer.credential));
    if (!stored) throw new AppError(userId ? 'passkeyRejected' : 'passkeyUnknown');
    if (userId && stored.userId !== userId) throw new AppError('passkeyRejected');
    const checked = await wa.verifyAuthentication(answer.credential, challenge, stored, userId === null);
    if (!checked) throw new AppError('passkeyRejected');
    // A counter that did not move forward (a cloned authenticator) loses the race below too.
    if (!(await repo.markUsed(stored.id, stored.counter, checked.counter, clock.now())))
      throw new AppError('passkeyRejected');
    return stored.userId;
  };

  const service = {
    /** The caller's passkeys. */
    list: async (userId: string) => (await repo.listOf(userId)).map(passkeyView),

    /** Options to create a new passkey for the caller (its existing ones excluded). */
    registerOptions: (auth: AuthContext) => service.registerOptionsFor(auth.userId),

    /** Options to create a new passkey for an account (the caller's, or one enrolling at sign-in). */
    async registerOptionsFor(userId: string): Promise<WebAuthnOptions> {
      const wa = webauthn();
      const account = await deps.findAccount(userId);
      if (!account) throw new AppError('notLoggedIn');
      const made = await wa.registrationOptions(account, await repo.listOf(account.id));
      return ceremony('register', account.id, made);
    },

    /** Registers the passkey the browser made under the name given; answers recovery codes once (first factor). */
    async register(
      auth: AuthContext,
      note: OperationNote,
      body: { challengeId: string; name: string; credential: unknown },
    ): Promise<{ recoveryCodes: string[] }> {
      note.subject({ id: auth.userId, name: auth.username, detail: body.name });
      return service.registerFor(auth.userId, body);
    },

    /** Registers a passkey for an account (the caller's, or one enrolling at sign-in); see `register`. */
    async registerFor(
      userId: string,
      body: { challengeId: string; name: string; credential: unknown },
    ): Promise<{ recoveryCodes: string[] }> {
      const wa = webauthn();
      const challenge = await takeChallenge('register', body.challengeId, userId);
      const made = await wa.verifyRegistration(body.credential, challenge);
      if (!made) throw new AppError('passkeyRejected');
      const now = clock.now();
      const id = await repo.add({
        userId,
        name: body.name,
        credentialId: made.credentialId,
        publicKey: made.publicKey,
        counter: made.counter,
        transports: made.transports,
        synced: made.synced ? 'multi' : 'single',
        createdAt: now,
      });
      if (!id) throw new AppError('passkeyAlreadyRegistered');
      return { recoveryCodes: await deps.recoveryCodesForFirstFactor(userId) };
    },

    async rename(auth: AuthContext, note: OperationNote, body: { id: string; name: string }) {
      if (!(await repo.rename(auth.userId, body.id, body.name))) throw new AppError('notFound');
      note.subject({ id: auth.userId, name: auth.username, detail: body.name });
      return null;
    },

    async remove(auth: AuthContext, note: OperationNote, id: string) {
      // The account could not sign in where its enterprise or role requires a second factor.
      if (!(await deps.keepsRequiredFactor(auth.userId, id))) {
        note.fail('factorLastRequired');
        throw new AppError('factorLastRequired');
      }
      const name = await repo.remove(auth.userId, id);
      if (name === null) throw new AppError('notFound');
      note.subject({ id: auth.userId, name: auth.username, detail: name });
      return null;
    },

    /**
     * Options to sign in: with one of the account's passkeys (the second step after its password), or
     * with any passkey of this server that verifies its user (`userId` null, no password).
     */
    async signInOptions(userId: string | null): Promise<WebAuthnOptions> {
      const wa = webauthn();
      const allow = userId ? await repo.listOf(userId) : null;
      if (allow?.length === 0) throw new AppError('passkeyUnknown');
      return ceremony('signIn', userId, await wa.authenticationOptions(allow));
    },

    /** Checks a second step answered with a passkey of the account; false when it was not one of its. */
    secondFactor: async (userId: string, answer: PasskeyAnswer) => {
      await assert('signIn', userId, answer);
      return true;
    },

    /** The account a passkey signs in alone; refused where its enterprise does not allow it. */
    async passwordless(answer: PasskeyAnswer): Promise<string> {
      const userId = await assert('signIn', null, answer);
      if (!(await deps.passwordlessAllowed(userId))) throw new AppError('passkeyPasswordlessOff');
      return userId;
    },

    /** Options to confirm a risky act with one of the caller's passkeys. */
    async stepUpOptions(auth: AuthContext): Promise<WebAuthnOptions> {
      const wa = webauthn();
      const allow = await repo.listOf(auth.userId);
      if (allow.length === 0) throw new AppError('passkeyUnknown');
      return ceremony('stepUp', auth.userId, await wa.authenticationOptions(allow));
    },

    /** Checks the confirmation of a risky act with one of the caller's passkeys. */
    stepUp: async (auth: AuthContext, answer: PasskeyAnswer) => {
      await assert('stepUp', auth.userId, answer);
      return true;
    },
  };
  return service;
};

export type PasskeysService = ReturnType<typeof createPasskeysService>;
