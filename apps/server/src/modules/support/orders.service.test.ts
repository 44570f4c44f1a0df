import { BLOB_KINDS, type OrderSave, OrderSaveSchema } from '@cpm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../shared/app-error';
import { fakeOf, holding } from '../../test-support/fake';
import { authOf, orderRecord, RECORD_TIME } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { createOrdersRepository, OrderRecord } from './orders.repository';
import { createOrdersService, isOverdue, type OrdersDeps } from './orders.service';

const MEDIA_ID = '00000000-0000-4000-8000-00000000000a';
const HANDLER = ['support:order:add', 'support:order:handle'];

const orderInput = (over: Partial<OrderSave> = {}) =>
  OrderSaveSchema.parse({
    storeName: 'Store',
    contact: 'Li',
    phone: '13800000000',
    faultType: 'screen',
    description: 'Screen stays dark',
    ...over,
  });

const account = (id: string, email: string | null = null) => ({
  id,
  name: `Name ${id}`,
  username: id,
  email,
});

/** An orders service on fakes: the fault type `screen` exists, inserts succeed, every account is known. */
const setup = () => {
  const repo = fakeOf<typeof createOrdersRepository>();
  const tell = vi.fn();
  const deps = {
    repo,
    clock: createTestClock(RECORD_TIME),
    terminal: vi.fn<OrdersDeps['terminal']>(),
    storeGroupName: vi.fn<OrdersDeps['storeGroupName']>(async () => null),
    media: vi.fn<OrdersDeps['media']>(),
    mediaById: vi.fn<OrdersDeps['mediaById']>(async () => null),
    accountVisible: vi.fn<OrdersDeps['accountVisible']>(async (_auth, id) => account(id)),
    accountById: vi.fn<OrdersDeps['accountById']>(async (id) => account(id)),
    dicts: vi.fn(async () => ({ fault_type: [{ value: 'screen', label: '屏幕', englishName: 'Screen' }] })),
    notifyUser: vi.fn<OrdersDeps['notifyUser']>(async () => ({ announce: tell })),
    mailer: { send: vi.fn(async () => {}) },
    signUrl: (id: string) => `/blob/${id}`,
    accountsHolding: vi.fn<OrdersDeps['accountsHolding']>(async () => []),
    audienceOf: vi.fn(async () => [] as string[]),
    publishLive: vi.fn<OrdersDeps['publishLive']>(async () => undefined),
    log: { warn: vi.fn() },
  } satisfies OrdersDeps;
  repo.insert.mockImplementation(async (values) => orderRecord(values as Partial<OrderRecord>));
  repo.mediaIds.mockResolvedValue([]);
  repo.history.mockResolvedValue([]);
  repo.faults.mockResolvedValue([]);
  return { deps, repo, tell, service: createOrdersService(deps) };
};

/** The terminal the devices module answers: model P2 of Owner Ltd, with a store name of its own. */
const terminalOf = (over: Partial<Awaited<ReturnType<OrdersDeps['terminal']>>> = {}) => ({
  sn: 'SN0001',
  modelName: 'P2',
  ownerId: 'owner',
  ownerName: 'Owner Ltd',
  storeName: 'Main street',
  groupId: null,
  ...over,
});

const withOrder = (s: ReturnType<typeof setup>, over: Partial<OrderRecord> = {}) =>
  holding(s.repo.findVisible, orderRecord(over));

describe('opening an order', () => {
  it('answers the order a request key already opened instead of opening another', async () => {
    const s = setup();
    s.repo.findByRequestKey.mockResolvedValue(orderRecord({ id: 'seen', seq: 42 }));
    const answer = await s.service.create(authOf(), orderInput({ requestKey: 'key-12345' }));
    expect(answer).toEqual({ id: 'seen', number: 'SO-000042' });
    expect(s.repo.insert).not.toHaveBeenCalled();
  });

  it('refuses a fault type the dictionary does not list', async () => {
    const s = setup();
    await expect(s.service.create(authOf(), orderInput({ faultType: 'smoke' }))).rejects.toMatchObject({
      key: 'orderFaultTypeUnknown',
    });
  });

  it('refuses the same file attached twice', async () => {
    const s = setup();
    s.deps.media.mockResolvedValue({
      id: MEDIA_ID,
      kind: 'supportMedia',
      name: 'a.jpg',
      mediaType: 'image/jpeg',
      size: 1,
    });
    await expect(
      s.service.create(authOf(), orderInput({ mediaIds: [MEDIA_ID, MEDIA_ID] })),
    ).rejects.toMatchObject({ key: 'orderMediaInvalid' });
  });

  it('refuses a stored file of another kind', async () => {
    const s = setup();
    s.deps.media.mockResolvedValue({
      id: MEDIA_ID,
      kind: 'sysFile',
      name: 'a.zip',
      mediaType: 'application/zip',
      size: 1,
    });
    await expect(s.service.create(authOf(), orderInput({ mediaIds: [MEDIA_ID] }))).rejects.toMatchObject({
      key: 'orderMediaInvalid',
    });
  });

  it('refuses a file over the support media limit', async () => {
    const s = setup();
    const size = BLOB_KINDS.supportMedia.maxBytes + 1;
    s.deps.media.mockResolvedValue({
      id: MEDIA_ID,
      kind: 'supportMedia',
      name: 'a.mp4',
      mediaType: 'video/mp4',
      size,
    });
    await expect(s.service.create(authOf(), orderInput({ mediaIds: [MEDIA_ID] }))).rejects.toMatchObject({
      key: 'orderMediaInvalid',
    });
  });

  it('lets only service staff name an assignee', async () => {
    const s = setup();
    const input = orderInput({ assigneeId: '00000000-0000-4000-8000-00000000000b' });
    await expect(
      s.service.create(authOf({ permissions: ['support:order:add'] }), input),
    ).rejects.toMatchObject({
      key: 'forbidden',
    });
  });

  it('refuses an assignee outside the caller’s scope', async () => {
    const s = setup();
    s.deps.accountVisible.mockResolvedValue(null);
    const input = orderInput({ assigneeId: '00000000-0000-4000-8000-00000000000b' });
    await expect(s.service.create(authOf({ permissions: HANDLER }), input)).rejects.toMatchObject({
      key: 'orderAssigneeUnknown',
    });
  });

  it('takes model, enterprise and store from the terminal, and gives the order to its owner', async () => {
    const s = setup();
    s.deps.terminal.mockResolvedValue({
      sn: 'SN0001',
      modelName: 'P2',
      ownerId: 'owner',
      ownerName: 'Owner Ltd',
      storeName: 'Main street',
      groupId: null,
    });
    await s.service.create(authOf(), orderInput({ sn: 'sn0001', storeName: 'typed', modelName: 'typed' }));
    expect(s.repo.insert.mock.calls[0][0]).toMatchObject({
      sn: 'SN0001',
      modelName: 'P2',
      enterpriseName: 'Owner Ltd',
      storeName: 'Main street',
      ownerId: 'owner',
      status: 'submitted',
    });
  });

  it('names the nearest store group when the terminal has no store name of its own', async () => {
    const s = setup();
    s.deps.terminal.mockResolvedValue(terminalOf({ storeName: '', groupId: 'counter' }));
    s.deps.storeGroupName.mockResolvedValue('Pier 7');
    expect(await s.service.terminal(authOf(), 'SN0001')).toEqual({
      sn: 'SN0001',
      modelName: 'P2',
      enterpriseName: 'Owner Ltd',
      storeName: 'Pier 7',
    });
    expect(s.deps.storeGroupName).toHaveBeenCalledWith('counter');
  });

  it('leaves the store empty when no group above the terminal is a store, never naming the group', async () => {
    const s = setup();
    s.deps.terminal.mockResolvedValue(terminalOf({ storeName: '', groupId: 'east-region' }));
    expect((await s.service.terminal(authOf(), 'SN0001')).storeName).toBe('');
  });

  it('keeps a store typed in the form for a terminal that has none, but never the typed model', async () => {
    const s = setup();
    s.deps.terminal.mockResolvedValue(terminalOf({ storeName: '', groupId: null }));
    await s.service.create(authOf(), orderInput({ sn: 'SN0001', storeName: 'Typed store', modelName: 'X' }));
    expect(s.repo.insert.mock.calls[0][0]).toMatchObject({ storeName: 'Typed store', modelName: 'P2' });
  });

  it('refuses an SN the caller cannot see with its own text, and stores nothing', async () => {
    const s = setup();
    s.deps.terminal.mockRejectedValue(new AppError('terminalNotFound'));
    await expect(s.service.terminal(authOf(), 'NOPE')).rejects.toMatchObject({ key: 'orderTerminalUnknown' });
    await expect(s.service.create(authOf(), orderInput({ sn: 'NOPE' }))).rejects.toMatchObject({
      key: 'orderTerminalUnknown',
    });
    expect(s.repo.insert).not.toHaveBeenCalled();
  });

  it('answers the twin’s order when a twin request stored it first', async () => {
    const s = setup();
    s.repo.insert.mockResolvedValue(null);
    s.repo.findByRequestKey
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(orderRecord({ id: 'twin', seq: 7 }));
    const answer = await s.service.create(authOf(), orderInput({ requestKey: 'key-12345' }));
    expect(answer).toEqual({ id: 'twin', number: 'SO-000007' });
  });

  it('refuses a second order for an inspection item that already has one', async () => {
    const s = setup();
    s.repo.insert.mockResolvedValue(null);
    await expect(s.service.create(authOf(), orderInput())).rejects.toMatchObject({
      key: 'recordItemNotFailed',
    });
  });
});

describe('moving an order through its states', () => {
  it('needs the button of the action', async () => {
    const s = setup();
    withOrder(s);
    await expect(
      s.service.transition(authOf({ permissions: ['support:order:add'] }), { id: 'x', action: 'accept' }),
    ).rejects.toMatchObject({ key: 'forbidden' });
  });

  it('refuses an action from a state it does not start from', async () => {
    const s = setup();
    withOrder(s, { status: 'closed' });
    s.repo.transition.mockResolvedValue(null);
    await expect(
      s.service.transition(authOf({ permissions: HANDLER }), { id: 'x', action: 'repair' }),
    ).rejects.toMatchObject({ key: 'orderTransitionRefused' });
    expect(s.repo.transition.mock.calls[0][1]).toEqual(['accepted']);
  });

  it('gives an unassigned order to the one who accepts it', async () => {
    const s = setup();
    const auth = authOf({ permissions: HANDLER });
    const order = withOrder(s);
    s.repo.transition.mockResolvedValue({ ...order, status: 'accepted' });
    await s.service.transition(auth, { id: order.id, action: 'accept' });
    expect(s.repo.transition.mock.calls[0][2]).toMatchObject({
      status: 'accepted',
      assigneeId: auth.userId,
      assigneeName: `Name ${auth.userId}`,
    });
  });

  it('keeps the assignee of an order someone already holds', async () => {
    const s = setup();
    const order = withOrder(s, { assigneeId: 'held', assigneeName: 'Held' });
    s.repo.transition.mockResolvedValue({ ...order, status: 'accepted' });
    await s.service.transition(authOf({ permissions: HANDLER }), { id: order.id, action: 'accept' });
    expect(s.repo.transition.mock.calls[0][2]).not.toHaveProperty('assigneeId');
  });

  it('keeps the reason of a rejection in the order and its history', async () => {
    const s = setup();
    const order = withOrder(s);
    s.repo.transition.mockResolvedValue({ ...order, status: 'rejected' });
    await s.service.transition(authOf({ permissions: HANDLER }), {
      id: order.id,
      action: 'reject',
      reason: 'Not ours',
    });
    const [, , values, event] = s.repo.transition.mock.calls[0];
    expect(values).toMatchObject({ rejectReason: 'Not ours' });
    expect(event).toMatchObject({
      kind: 'reject',
      note: 'Not ours',
      fromStatus: 'submitted',
      toStatus: 'rejected',
    });
  });

  it('offers only the actions the state allows and the caller’s buttons permit', async () => {
    const s = setup();
    withOrder(s, { status: 'submitted' });
    const seen = await s.service.detail(authOf({ permissions: ['support:order:add'] }), 'x');
    expect(seen.actions).toEqual([]);
    const staff = await s.service.detail(authOf({ permissions: HANDLER }), 'x');
    expect(staff.actions).toEqual(['accept', 'reject']);
  });

  it('cannot assign a closed order', async () => {
    const s = setup();
    withOrder(s, { status: 'closed' });
    const detail = await s.service.detail(authOf({ permissions: HANDLER }), 'x');
    expect(detail.canAssign).toBe(false);
  });

  it('refuses assigning to someone outside the caller’s scope', async () => {
    const s = setup();
    withOrder(s);
    s.deps.accountVisible.mockResolvedValue(null);
    await expect(
      s.service.assign(authOf({ permissions: HANDLER }), {
        id: 'x',
        assigneeId: '00000000-0000-4000-8000-00000000000b',
      }),
    ).rejects.toMatchObject({ key: 'orderAssigneeUnknown' });
  });

  it('refuses assigning an order that ended meanwhile', async () => {
    const s = setup();
    withOrder(s);
    s.repo.assign.mockResolvedValue(null);
    await expect(
      s.service.assign(authOf({ permissions: HANDLER }), { id: 'x', assigneeId: null }),
    ).rejects.toMatchObject({ key: 'orderAssignClosed' });
  });

  it('answers orderNotFound for an order outside the caller’s scope', async () => {
    const s = setup();
    s.repo.findVisible.mockResolvedValue(null);
    await expect(s.service.comment(authOf(), 'x', 'hello')).rejects.toMatchObject({ key: 'orderNotFound' });
  });
});

describe('who hears of a change', () => {
  it('tells the owner, the one who opened it and the assignee, never the one who acted', async () => {
    const s = setup();
    const auth = authOf();
    const order = withOrder(s, { ownerId: 'owner', createdBy: auth.userId, assigneeId: 'staff' });
    s.repo.addEvent.mockResolvedValue({} as Awaited<ReturnType<typeof s.repo.addEvent>>);
    await s.service.comment(auth, order.id, 'Any news?');
    expect(s.deps.notifyUser.mock.calls.map(([n]) => n.userId).sort()).toEqual(['owner', 'staff']);
    expect(s.tell).toHaveBeenCalledTimes(2);
  });

  it('stores the notice as a key and values, so each reader sees it in their language', async () => {
    const s = setup();
    const order = withOrder(s, { ownerId: 'owner', createdBy: null });
    s.repo.addEvent.mockResolvedValue({} as Awaited<ReturnType<typeof s.repo.addEvent>>);
    await s.service.comment(authOf(), order.id, 'Any news?');
    expect(s.deps.notifyUser.mock.calls[0]?.[0].notice).toEqual({
      key: 'orderChanged',
      params: expect.objectContaining({ change: 'commented', note: 'Any news?', sn: order.sn ?? '' }),
    });
  });

  it('mails those with an address', async () => {
    const s = setup();
    const order = withOrder(s, { ownerId: 'owner', createdBy: null });
    s.deps.accountById.mockImplementation(async (id) => account(id, 'owner@example.test'));
    await s.service.comment(authOf(), order.id, 'Any news?');
    expect(s.deps.mailer.send).toHaveBeenCalledWith(expect.objectContaining({ to: 'owner@example.test' }));
  });

  it('logs a notice that failed and keeps the change', async () => {
    const s = setup();
    const order = withOrder(s, { ownerId: 'owner', createdBy: null });
    s.deps.notifyUser.mockRejectedValue(new Error('bell down'));
    await expect(s.service.comment(authOf(), order.id, 'Any news?')).resolves.not.toThrow();
    expect(s.deps.log.warn).toHaveBeenCalledOnce();
  });

  it('tells every console that may see the order live, the actor too', async () => {
    const s = setup();
    const auth = authOf();
    const order = withOrder(s, { ownerId: 'owner', createdBy: auth.userId });
    s.deps.audienceOf.mockResolvedValue(['admin']);
    await s.service.comment(auth, order.id, 'Any news?');
    expect(s.deps.publishLive.mock.calls[0][0].slice().sort()).toEqual(
      ['admin', auth.userId, 'owner'].sort(),
    );
  });
});

describe('isOverdue', () => {
  const past = new Date(RECORD_TIME.getTime() - 1);

  it('marks an open order past its due time', () => {
    expect(isOverdue({ status: 'accepted', dueAt: past }, RECORD_TIME)).toBe(true);
  });

  it('never marks a closed order or one without a due time', () => {
    expect(isOverdue({ status: 'closed', dueAt: past }, RECORD_TIME)).toBe(false);
    expect(isOverdue({ status: 'accepted', dueAt: null }, RECORD_TIME)).toBe(false);
  });
});
