import { describe, expect, it, vi } from 'vitest';
import { createOperationNote } from '../../shared/operation-note';
import { fakeOf } from '../../test-support/fake';
import { authOf } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { AuditStreamRecord, createAuditStreamRepository } from './auditstream.repository';
import { createAuditStreamService } from './auditstream.service';

const stored: AuditStreamRecord = {
  enabled: false,
  host: 'siem.test',
  port: 6514,
  tls: true,
  caCert: '',
  facility: 'local0',
  cursor: 5,
  lastSentAt: null,
  lastError: null,
  lastErrorAt: null,
};

const setup = () => {
  const repo = fakeOf<typeof createAuditStreamRepository>({
    get: async () => stored,
    save: async () => undefined,
  });
  const shipper = { connected: () => false, poke: vi.fn() };
  const connect = vi.fn();
  const range = vi.fn(async () => []);
  const service = createAuditStreamService({
    repo,
    events: { countAfter: async () => 2, range },
    shipper,
    connect,
    clock: createTestClock(),
    hostname: 'cpm-1',
  });
  return { repo, shipper, connect, range, service };
};

describe('audit stream service', () => {
  it('refuses to turn the stream on without a host and stores nothing', async () => {
    const s = setup();
    const { note } = createOperationNote();
    await expect(s.service.save(note, { ...stored, enabled: true, host: '' })).rejects.toMatchObject({
      key: 'auditStreamHostRequired',
    });
    expect(s.repo.save).not.toHaveBeenCalled();
  });

  it('stores the settings, wakes the shipper and notes the target', async () => {
    const s = setup();
    const { note, noted } = createOperationNote();
    await s.service.save(note, { ...stored, enabled: true });
    expect(s.shipper.poke).toHaveBeenCalled();
    expect(noted.subject.detail).toBe('on tls://siem.test:6514 local0');
  });

  it('answers the lag after the cursor with the state', async () => {
    expect((await setup().service.view()).state).toMatchObject({ cursor: 5, lag: 2, connected: false });
  });

  it('answers why a test message could not be sent', async () => {
    const s = setup();
    s.connect.mockRejectedValue(new Error('certificate has expired'));
    const { note } = createOperationNote();
    expect(await s.service.test(note, { userId: 'u1', username: 'admin' })).toEqual({
      ok: false,
      error: 'certificate has expired',
    });
  });

  it.each([
    ['ends before it starts', '2026-06-02T00:00:00Z', '2026-06-01T00:00:00Z'],
    ['is longer than 366 days', '2025-01-01T00:00:00Z', '2026-06-01T00:00:00Z'],
  ])('refuses an export range that %s before reading', (_, from, to) => {
    const s = setup();
    expect(() => s.service.exportLines(authOf(), { from, to })).toThrow(
      expect.objectContaining({ key: 'auditStreamRangeInvalid' }),
    );
    expect(s.range).not.toHaveBeenCalled();
  });
});
