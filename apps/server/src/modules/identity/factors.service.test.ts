import { describe, expect, it, vi } from 'vitest';
import type { OperationNote } from '../../shared/operation-note';
import { fakeOf } from '../../test-support/fake';
import { authOf, RECORD_TIME } from '../../test-support/records';
import type { createFactorsRepository, FactorRecord } from './factors.repository';
import { createFactorsService, recoveryCodeHash } from './factors.service';
import type { PasskeyRecord } from './passkeys.repository';
import { createTotp } from './totp';

const totp = createTotp();
const SECRET = 'PR3ZHML44BOS2QNPQ6RPGNQQDQEHW4WW';
const USER = '00000000-0000-4000-8000-000000000001';
const ENTERPRISE = '00000000-0000-4000-8000-0000000000e1';
const ROLE = '00000000-0000-4000-8000-0000000000a1';

const factor = (over: Partial<FactorRecord> = {}): FactorRecord => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  userId: USER,
  kind: 'totp',
  secretEnc: `enc:${SECRET}`,
  confirmedAt: RECORD_TIME,
  lastUsedStep: null,
  lastUsedAt: null,
  createdAt: RECORD_TIME,
  ...over,
});

const note = (): OperationNote => ({ subject: vi.fn(), also: vi.fn(), actor: vi.fn(), fail: vi.fn() });

const setup = (
  opts: {
    factors?: FactorRecord[];
    passkeys?: PasskeyRecord[];
    rules?: { kind: 'enterprise' | 'role'; targetId: string }[];
  } = {},
) => {
  let now = RECORD_TIME;
  const repo = fakeOf<typeof createFactorsRepository>({
    findFactors: async () => opts.factors ?? [],
    listRules: async (only) =>
      (opts.rules ?? [])
        .filter(
          (r) =>
            !only ||
            (r.kind === 'enterprise' ? r.targetId === only.enterpriseId : only.roleIds.includes(r.targetId)),
        )
        .map((r) => ({ ...r, targetName: r.kind === 'enterprise' ? 'acme' : 'Cashiers' })),
    useStep: async () => true,
    useRecoveryCode: async () => true,
    savePendingTotp: async () => 'f1',
    confirm: async () => true,
    replaceRecoveryCodes: async () => undefined,
    recoveryCodesLeft: async () => 10,
  });
  const service = createFactorsService({
    repo,
    keys: { encryptSecret: (plain) => `enc:${plain}`, decryptSecret: (stored) => stored.slice(4) },
    totp,
    clock: { now: () => now },
    enterpriseOf: async () => ENTERPRISE,
    roleIdsOf: async () => [ROLE],
    findAccount: async (id) => ({ id, username: 'ann' }),
    passkeysOf: async () => opts.passkeys ?? [],
    visibleAccount: async (_auth, id) => (id === ENTERPRISE || id === USER ? { id, username: 'acme' } : null),
    visibleRole: async (_auth, id) => (id === ROLE ? { id, name: 'Cashiers' } : null),
  });
  return { repo, service, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
};

const stepOf = (at: Date) => Math.floor(at.getTime() / 30_000);

describe('what follows the password', () => {
  it('asks for a code when an authenticator is confirmed', async () => {
    expect(await setup({ factors: [factor()] }).service.stepAfterPassword(USER)).toBe('verify');
  });

  it('ignores an authenticator still enrolling', async () => {
    const { service } = setup({ factors: [factor({ confirmedAt: null })] });
    expect(await service.stepAfterPassword(USER)).toBe('none');
  });

  it('leads to enrolment when the enterprise requires a factor', async () => {
    const { service } = setup({ rules: [{ kind: 'enterprise', targetId: ENTERPRISE }] });
    expect(await service.stepAfterPassword(USER)).toBe('enrol');
  });

  it('leads to enrolment when one of the roles requires a factor', async () => {
    const { service } = setup({ rules: [{ kind: 'role', targetId: ROLE }] });
    expect(await service.stepAfterPassword(USER)).toBe('enrol');
  });

  it("is the password alone when only another enterprise's or role's rule exists", async () => {
    const other = '00000000-0000-4000-8000-0000000000ff';
    const { service } = setup({
      rules: [
        { kind: 'enterprise', targetId: other },
        { kind: 'role', targetId: other },
      ],
    });
    expect(await service.stepAfterPassword(USER)).toBe('none');
  });
});

describe('codes', () => {
  it('accepts the current code and records its step', async () => {
    const { service, repo } = setup({ factors: [factor()] });
    expect(await service.verify(USER, { otp: await totp.codeAt(SECRET, RECORD_TIME) })).toBe(true);
    expect(repo.useStep).toHaveBeenCalledWith(factor().id, stepOf(RECORD_TIME), RECORD_TIME);
  });

  it('refuses a code of a step already used, without asking storage', async () => {
    const { service, repo } = setup({ factors: [factor({ lastUsedStep: stepOf(RECORD_TIME) })] });
    expect(await service.verify(USER, { otp: await totp.codeAt(SECRET, RECORD_TIME) })).toBe(false);
    expect(repo.useStep).not.toHaveBeenCalled();
  });

  it('refuses a code whose step another request used first', async () => {
    const { service, repo } = setup({ factors: [factor()] });
    repo.useStep.mockResolvedValue(false);
    expect(await service.verify(USER, { otp: await totp.codeAt(SECRET, RECORD_TIME) })).toBe(false);
  });

  it('accepts the previous step’s code but not one two steps old', async () => {
    const { service, advance } = setup({ factors: [factor()] });
    const old = await totp.codeAt(SECRET, RECORD_TIME);
    advance(30_000);
    expect(await service.verify(USER, { otp: old })).toBe(true);
    const { service: fresh, advance: later } = setup({ factors: [factor()] });
    later(60_000);
    expect(await fresh.verify(USER, { otp: old })).toBe(false);
  });

  it('takes a recovery code by its hash, whatever its case and spacing', async () => {
    const { service, repo } = setup({ factors: [factor()] });
    expect(await service.verify(USER, { recoveryCode: ' ABCDE fghjk ' })).toBe(true);
    expect(repo.useRecoveryCode).toHaveBeenCalledWith(USER, recoveryCodeHash('abcde-fghjk'), RECORD_TIME);
  });

  it('refuses a recovery code storage no longer holds unused', async () => {
    const { service, repo } = setup({ factors: [factor()] });
    repo.useRecoveryCode.mockResolvedValue(false);
    expect(await service.verify(USER, { recoveryCode: 'abcde-fghjk' })).toBe(false);
  });
});

describe('enrolment', () => {
  it('keeps only the encrypted seed and answers it with the otpauth URI while enrolling', async () => {
    const { service, repo } = setup();
    const started = await service.startTotp({ id: USER, username: 'ann' });
    expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\/Cloud%20POS:ann\?secret=/);
    expect(repo.savePendingTotp).toHaveBeenCalledWith(USER, `enc:${started.secret}`, RECORD_TIME);
  });

  it('refuses a second authenticator', async () => {
    const { service } = setup({ factors: [factor()] });
    await expect(service.startTotp({ id: USER, username: 'ann' })).rejects.toMatchObject({
      key: 'factorAlreadyEnrolled',
    });
  });

  it('confirms with a right code and hands out ten distinct recovery codes, stored hashed', async () => {
    const { service, repo } = setup({ factors: [factor({ confirmedAt: null })] });
    const result = await service.confirmTotp(USER, await totp.codeAt(SECRET, RECORD_TIME));
    expect(new Set(result?.recoveryCodes).size).toBe(10);
    const stored = repo.replaceRecoveryCodes.mock.calls[0][1];
    expect(stored).toEqual(result?.recoveryCodes.map(recoveryCodeHash));
    expect(stored).not.toContain(result?.recoveryCodes[0]);
  });

  it('answers null for a wrong code and confirms nothing', async () => {
    const { service, repo } = setup({ factors: [factor({ confirmedAt: null })] });
    expect(await service.confirmTotp(USER, '000000')).toBeNull();
    expect(repo.confirm).not.toHaveBeenCalled();
  });

  it('refuses a confirmation nobody started', async () => {
    await expect(setup().service.confirmTotp(USER, '123456')).rejects.toMatchObject({
      key: 'factorNotStarted',
    });
  });
});

describe('rules', () => {
  it("needs user edit for an enterprise's rule", async () => {
    const { service } = setup();
    const body = { kind: 'enterprise' as const, targetId: ENTERPRISE, required: true };
    await expect(
      service.saveRule(authOf({ permissions: ['user:role:edit'] }), note(), body),
    ).rejects.toMatchObject({
      key: 'forbidden',
    });
  });

  it("refuses an account that is not its enterprise's top account", async () => {
    const { service, repo } = setup();
    const body = { kind: 'enterprise' as const, targetId: USER, required: true };
    await expect(
      service.saveRule(authOf({ permissions: ['user:user:edit'] }), note(), body),
    ).rejects.toMatchObject({
      key: 'factorRuleTarget',
    });
    expect(repo.saveRule).not.toHaveBeenCalled();
  });

  it('needs role edit and a visible role for a role’s rule', async () => {
    const { service, repo } = setup();
    const auth = authOf({ permissions: ['user:role:edit'] });
    const hidden = { kind: 'role' as const, targetId: ENTERPRISE, required: true };
    await expect(service.saveRule(auth, note(), hidden)).rejects.toMatchObject({ key: 'notFound' });
    await service.saveRule(auth, note(), { kind: 'role', targetId: ROLE, required: true });
    expect(repo.saveRule).toHaveBeenCalledWith('role', ROLE, auth.userId, RECORD_TIME);
    await service.saveRule(auth, note(), { kind: 'role', targetId: ROLE, required: false });
    expect(repo.removeRule).toHaveBeenCalledWith('role', ROLE);
  });
});
