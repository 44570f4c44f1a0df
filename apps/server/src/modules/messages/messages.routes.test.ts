import type { MessageVo, MyMessageVo, Page } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  messageReceipts,
  messages,
  messageTargets,
  roles,
  terminalGroups,
  userRoles,
  users,
} from '../../db/schema';
import { hashPassword } from '../../shared/crypto';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';

const SYS_MSG = '/upms/v1/upms/sysMsg';
const MY_MSG = '/upms/v1/upms/sysMsgUser';
const PASSWORD = 'Msg#Pass12';

type Session = { token: string; userId: string };
/** The union of what the message calls answer, loose enough for one helper to read them all. */
type Result = MessageVo & MyMessageVo & Page<MessageVo & MyMessageVo> & { marked: number };
type Envelope = { code: number; message: string; messageEn: string; result: Result };

describe('messages: management, audiences, own box and live notices', () => {
  let t: TestApp;
  let admin: Session;
  let ent: Session; // enterprise administrator, own account tree
  let cashier: Session; // sales, under ent
  let storeUser: Session; // sales, under ent, store scope = the group below ent's top group
  let outsider: Session; // sales, another tenant
  let salesRoleId: string;
  let topGroupId: string;
  let otherGroupId: string;
  const heard: string[] = [];

  const call = async (
    who: Session,
    path: string,
    opts: { method?: 'GET' | 'POST'; query?: Record<string, string>; body?: unknown } = {},
  ): Promise<Envelope> => {
    const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
    const res = await t.app.inject({
      method: opts.method ?? (opts.body ? 'POST' : 'GET'),
      url: `${path}${qs}`,
      headers: { satoken: who.token },
      payload: opts.body as object | undefined,
    });
    return res.json();
  };
  const save = (who: Session, body: Record<string, unknown>) => call(who, `${SYS_MSG}/addOrUpdate`, { body });
  const publish = (who: Session, id: string) => call(who, `${SYS_MSG}/publish`, { query: { id } });
  const unread = async (who: Session) =>
    (await call(who, `${MY_MSG}/findPageList`, { query: { current: '1', size: '1', read: 'false' } })).result
      .total as number;
  const draft = async (who: Session, body: Record<string, unknown>) => {
    const res = await save(who, { content: '<p>hello</p>', ...body });
    expect(res.code, res.messageEn).toBe(1);
    return res.result.id as string;
  };
  const published = async (who: Session, body: Record<string, unknown>) => {
    const id = await draft(who, body);
    expect((await publish(who, id)).code).toBe(1);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp({ broker: true });
    const db = t.database.db;
    const roleId = async (code: string) => (await db.select().from(roles).where(eq(roles.code, code)))[0].id;
    salesRoleId = await roleId('sales');
    const hash = await hashPassword(PASSWORD);
    const addUser = async (
      username: string,
      role: string,
      extra: Partial<typeof users.$inferInsert> = {},
    ) => {
      const [u] = await db
        .insert(users)
        .values({ username, name: username, passwordHash: hash, state: 1, ...extra })
        .returning();
      await db.insert(userRoles).values({ userId: u.id, roleId: await roleId(role) });
      return u.id;
    };
    const entId = await addUser('ent', 'enterprise_admin');
    const [top] = await db
      .insert(terminalGroups)
      .values({ name: 'East', number: 'E1', ownerId: entId })
      .returning();
    const [below] = await db
      .insert(terminalGroups)
      .values({ name: 'East store', number: 'E1-1', ownerId: entId, parentId: top.id })
      .returning();
    topGroupId = top.id;
    await addUser('cashier', 'sales', { superiorId: entId });
    await addUser('store', 'sales', { superiorId: entId, storeScopeGroupId: below.id });
    const otherId = await addUser('outsider', 'sales');
    const [other] = await db
      .insert(terminalGroups)
      .values({ name: 'West', number: 'W1', ownerId: otherId })
      .returning();
    otherGroupId = other.id;

    admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    ent = await loginAs(t.app, 'ent', PASSWORD);
    cashier = await loginAs(t.app, 'cashier', PASSWORD);
    storeUser = await loginAs(t.app, 'store', PASSWORD);
    outsider = await loginAs(t.app, 'outsider', PASSWORD);
    await t.broker?.subscribe('cpm/user/+/notice', (topic) => heard.push(topic));
  });
  afterAll(() => t.close());

  const countRows = async () => (await t.database.db.select().from(messages)).length;

  describe('bad input changes nothing and is explained in both languages', () => {
    it.each([
      ['an empty title', { title: '  ', scope: 'all' }, 'body.title'],
      ['an over-long title', { title: 'x'.repeat(101), scope: 'all' }, 'body.title'],
      ['a scope without targets', { title: 'T', scope: 'roles', targetIds: [] }, 'body'],
      ['an unknown scope', { title: 'T', scope: 'everyone' }, 'body.scope'],
      ['a target that is not an id', { title: 'T', scope: 'users', targetIds: ['nope'] }, 'body.targetIds.0'],
    ])('refuses %s', async (_what, body, field) => {
      const res = await save(admin, body);
      expect(res.code).toBe(400);
      expect(JSON.stringify(res)).toContain(`"field":"${field}"`);
      expect(await countRows()).toBe(0);
    });

    it('explains a missing recipient in Chinese and English', async () => {
      const res = await save(admin, { title: 'T', scope: 'groups', targetIds: [] });
      expect(JSON.stringify(res)).toContain('Choose at least one recipient');
      expect(JSON.stringify(res)).toContain('请至少选择一个接收对象');
    });

    it('refuses targets outside the caller data scope, and unknown ones', async () => {
      for (const body of [
        { title: 'T', scope: 'users', targetIds: [outsider.userId] },
        { title: 'T', scope: 'groups', targetIds: [otherGroupId] },
        { title: 'T', scope: 'roles', targetIds: ['00000000-0000-4000-8000-000000000000'] },
      ]) {
        const res = await save(ent, body);
        expect(res).toMatchObject({
          code: 400,
          messageEn: 'Some recipients do not exist or are outside your data scope',
          message: '部分接收对象不存在或不在您的数据范围内',
        });
      }
      expect(await countRows()).toBe(0);
    });

    it('refuses reading a message that does not exist, an unpublished one and one sent to someone else', async () => {
      const read = (who: Session, msgId: string) => call(who, `${MY_MSG}/read`, { query: { msgId } });
      expect((await read(cashier, '00000000-0000-4000-8000-000000000000')).code).toBe(404);
      const draftId = await draft(admin, { title: 'Draft', scope: 'roles', targetIds: [salesRoleId] });
      expect(await read(cashier, draftId)).toMatchObject({
        code: 400,
        messageEn: 'The message has not been published yet, so it cannot be marked read',
      });
      const toCashier = await published(ent, {
        title: 'Only cashier',
        scope: 'users',
        targetIds: [cashier.userId],
      });
      expect(await read(storeUser, toCashier)).toMatchObject({
        code: 403,
        messageEn: 'This message was not sent to you',
        message: '这条消息不是发给您的',
      });
      expect((await read(cashier, 'not-an-id')).code).toBe(400);
      expect(await t.database.db.select().from(messageReceipts)).toHaveLength(0);
      await call(admin, `${SYS_MSG}/delete`, { query: { id: draftId } });
      await call(ent, `${SYS_MSG}/delete`, { query: { id: toCashier } });
    });
  });

  it('stores sanitized content: a stored script never comes back', async () => {
    const id = await draft(admin, {
      title: 'Scripted',
      scope: 'users',
      targetIds: [cashier.userId],
      content:
        '<p onclick="steal()">Hi<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
    });
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
    const page = await call(admin, `${SYS_MSG}/getPage`, { query: { current: '1', size: '10' } });
    await publish(admin, id);
    const mine = await call(cashier, `${MY_MSG}/findPageList`, { query: { current: '1', size: '10' } });
    const opened = await call(cashier, `${MY_MSG}/read`, { query: { msgId: id } });
    for (const text of [row.content, JSON.stringify(page), JSON.stringify(mine), JSON.stringify(opened)])
      expect(text.toLowerCase()).not.toMatch(/<script|alert\(|onclick|onerror|javascript:/);
    expect(opened.result.content).toBe('<p>Hi</p><img src><a href>x</a>');
    await call(admin, `${SYS_MSG}/delete`, { query: { id } });
  });

  it('publishes to a role: every holder sees it unread, once; nobody else does', async () => {
    const before = {
      cashier: await unread(cashier),
      outsider: await unread(outsider),
      admin: await unread(admin),
    };
    const id = await published(admin, { title: 'For sales', scope: 'roles', targetIds: [salesRoleId] });
    // One message row and one target row, however many holders the role has.
    expect(
      await t.database.db.select().from(messageTargets).where(eq(messageTargets.messageId, id)),
    ).toHaveLength(1);
    expect(await unread(cashier)).toBe(before.cashier + 1);
    expect(await unread(outsider)).toBe(before.outsider + 1);
    expect(await unread(storeUser)).toBeGreaterThan(0);
    expect(await unread(admin)).toBe(before.admin);

    expect(await publish(admin, id)).toMatchObject({
      code: 409,
      messageEn: expect.stringContaining('already published'),
    });
    expect((await save(admin, { id, title: 'Changed', scope: 'all' })).code).toBe(409);

    const opened = await call(cashier, `${MY_MSG}/read`, { method: 'POST', query: { msgId: id } });
    expect(opened.result).toMatchObject({
      id,
      title: 'For sales',
      read: true,
      publisherName: 'Administrator',
    });
    expect(await unread(cashier)).toBe(before.cashier);
    // Reading again is harmless and keeps the first read time.
    const again = await call(cashier, `${MY_MSG}/read`, { query: { msgId: id } });
    expect(again.result.readAt).toBe(opened.result.readAt);
    expect(await unread(cashier)).toBe(before.cashier);
    expect(await unread(outsider)).toBe(before.outsider + 1);
  });

  it('limits "all" to the publisher account tree and reaches groups and the groups below them', async () => {
    const broadcast = await published(ent, { title: 'Tenant news', scope: 'all' });
    const byGroup = await published(ent, { title: 'Store news', scope: 'groups', targetIds: [topGroupId] });
    const has = async (who: Session, id: string) =>
      (
        (await call(who, `${MY_MSG}/findPageList`, { query: { current: '1', size: '100' } })).result
          .records as {
          id: string;
        }[]
      ).some((r) => r.id === id);
    expect(await has(ent, broadcast)).toBe(true);
    expect(await has(cashier, broadcast)).toBe(true);
    expect(await has(storeUser, broadcast)).toBe(true);
    expect(await has(outsider, broadcast)).toBe(false);
    expect(await has(admin, broadcast)).toBe(false);
    expect(await has(storeUser, byGroup)).toBe(true);
    expect(await has(cashier, byGroup)).toBe(false);
    expect(await has(ent, byGroup)).toBe(false);
  });

  it('filters the own box by read state and title, and readAll marks everything with one call', async () => {
    const page = (query: Record<string, string>) =>
      call(storeUser, `${MY_MSG}/findPageList`, { query: { current: '1', size: '50', ...query } });
    const all = (await page({})).result;
    const unreadBefore = await unread(storeUser);
    expect(unreadBefore).toBeGreaterThan(1);
    expect(
      (await page({ title: 'store NEWS' })).result.records.map((r: { title: string }) => r.title),
    ).toEqual(['Store news']);
    expect((await page({ read: 'true' })).result.total).toBe(all.total - unreadBefore);
    const res = await call(storeUser, `${MY_MSG}/readAll`, { method: 'POST' });
    expect(res.result).toEqual({ marked: unreadBefore });
    expect(await unread(storeUser)).toBe(0);
    expect((await call(storeUser, `${MY_MSG}/readAll`)).result).toEqual({ marked: 0 });
    expect((await page({ read: 'true' })).result.total).toBe(all.total);
  });

  it('keeps management inside the data scope', async () => {
    const adminOwn = await draft(admin, { title: 'Platform draft', scope: 'all' });
    const list = await call(ent, `${SYS_MSG}/getPage`, {
      method: 'POST',
      query: { current: '1', size: '50' },
    });
    expect(list.result.records.map((r: { title: string }) => r.title)).not.toContain('Platform draft');
    expect(list.result.records.every((r: { ownerName: string }) => r.ownerName === 'ent')).toBe(true);
    expect((await publish(ent, adminOwn)).code).toBe(404);
    expect((await call(ent, `${SYS_MSG}/delete`, { query: { id: adminOwn } })).code).toBe(404);
    expect((await save(ent, { id: adminOwn, title: 'Hijack', scope: 'all' })).code).toBe(404);
    // The platform administrator sees every tenant's messages.
    const all = await call(admin, `${SYS_MSG}/getPage`, { query: { current: '1', size: '50' } });
    expect(all.result.records.map((r: { title: string }) => r.title)).toEqual(
      expect.arrayContaining(['Platform draft', 'Tenant news']),
    );
    // Only the caller's tenant is offered as recipients.
    const targets = async (scope: string) =>
      (
        (await call(ent, `${SYS_MSG}/findTargets`, { query: { scope } })).result as unknown as {
          name: string;
        }[]
      ).map((o) => o.name);
    expect(await targets('users')).not.toContain('outsider (outsider)');
    expect(await targets('users')).toContain('cashier (cashier)');
    expect(await targets('groups')).toEqual(['East (E1)', 'East store (E1-1)']);
    expect(await targets('roles')).toContain('销售人员 / Sales staff');
    await call(admin, `${SYS_MSG}/delete`, { query: { id: adminOwn } });
  });

  it('filters the management list by title, status and published time, and edits drafts', async () => {
    const id = await draft(ent, { title: 'Quarterly', scope: 'users', targetIds: [cashier.userId] });
    const edited = await save(ent, {
      id,
      title: 'Quarterly report',
      scope: 'groups',
      targetIds: [topGroupId],
    });
    expect(edited.result).toMatchObject({
      title: 'Quarterly report',
      scope: 'groups',
      targets: [{ id: topGroupId, name: 'East' }],
    });
    const list = async (query: Record<string, string>) =>
      (
        await call(ent, `${SYS_MSG}/getPage`, { query: { current: '1', size: '50', ...query } })
      ).result.records.map((r: { title: string }) => r.title);
    expect(await list({ title: 'quarterly' })).toEqual(['Quarterly report']);
    expect(await list({ status: 'draft' })).toEqual(['Quarterly report']);
    expect(await list({ status: 'published' })).not.toContain('Quarterly report');
    const now = t.clock.now().getTime();
    expect(await list({ publishedFrom: new Date(now - 60_000).toISOString(), status: 'published' })).toEqual(
      expect.arrayContaining(['Tenant news', 'Store news']),
    );
    expect(await list({ publishedTo: new Date(now - 60_000).toISOString() })).toEqual([]);
    expect((await call(ent, `${SYS_MSG}/getPage`, { query: { publishedFrom: 'yesterday' } })).code).toBe(400);
  });

  it('needs the edit permission to change a draft', async () => {
    const id = await draft(admin, { title: 'Mine', scope: 'all' });
    // A role granting add but not edit.
    const db = t.database.db;
    const [role] = await db
      .insert(roles)
      .values({ code: 'writer', name: '撰稿', nameEn: 'Writer' })
      .returning();
    const { menus, roleMenus } = await import('../../db/schema');
    const grant = await db.select().from(menus);
    await db
      .insert(roleMenus)
      .values(
        grant
          .filter((m) => m.permission === 'message:message:add' || m.permission === 'message:message:view')
          .map((m) => ({ roleId: role.id, menuId: m.id })),
      );
    const [w] = await db
      .insert(users)
      .values({ username: 'writer', name: 'writer', passwordHash: await hashPassword(PASSWORD), state: 1 })
      .returning();
    await db.insert(userRoles).values({ userId: w.id, roleId: role.id });
    const writer = await loginAs(t.app, 'writer', PASSWORD);
    expect((await save(writer, { title: 'New', scope: 'all' })).code).toBe(1);
    const own = (await call(writer, `${SYS_MSG}/getPage`, { query: {} })).result.records[0].id;
    expect((await save(writer, { id: own, title: 'Edited', scope: 'all' })).code).toBe(403);
    await call(admin, `${SYS_MSG}/delete`, { query: { id } });
  });

  it('sends live notices to each recipient after publishing, and to the reader after a read', async () => {
    heard.length = 0;
    const id = await published(ent, { title: 'Live', scope: 'roles', targetIds: [salesRoleId] });
    await t.noticesIdle();
    await vi.waitFor(() => expect(heard.length).toBeGreaterThanOrEqual(2));
    // The audience root is ent, so the outsider holding the same role is not told.
    expect(new Set(heard)).toEqual(
      new Set([`cpm/user/${cashier.userId}/notice`, `cpm/user/${storeUser.userId}/notice`]),
    );
    heard.length = 0;
    await call(cashier, `${MY_MSG}/read`, { query: { msgId: id } });
    await t.noticesIdle();
    await vi.waitFor(() => expect(heard).toEqual([`cpm/user/${cashier.userId}/notice`]));
    heard.length = 0;
    const before = await unread(storeUser);
    await call(ent, `${SYS_MSG}/delete`, { query: { id } });
    expect(await unread(storeUser)).toBe(before - 1);
    await t.noticesIdle();
    await vi.waitFor(() => expect(heard).toContain(`cpm/user/${storeUser.userId}/notice`));
  });
});
