import type { SysMenuSave } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../plugins/auth-context';
import { createOperationNote } from '../../shared/operation-note';
import { authOf } from '../../test-support/records';
import type { MenusRepository, MenuValues } from './menus.repository';
import { createSysMenuService } from './sys-menu.service';

type Row = Awaited<ReturnType<MenusRepository['findAll']>>[number];

const admin: AuthContext = authOf({
  userId: 'u1',
  sessionId: 's1',
  username: 'admin',
  permissions: ['user:menu:add', 'user:menu:edit'],
  dataScope: 'all',
});
const tenant: AuthContext = { ...admin, username: 'tenant', dataScope: 'tree' };

/** The menu table in memory. */
const fakeRepo = (rows: Row[]): MenusRepository => {
  let seq = 0;
  const row = (id: string, v: MenuValues): Row =>
    ({ ...v, id, seedKey: null, createdAt: new Date(0), updatedAt: new Date(0) }) as Row;
  return {
    findAll: async () => [...rows],
    findById: async (id) => rows.find((r) => r.id === id) ?? null,
    childCount: async (id) => rows.filter((r) => r.parentId === id).length,
    insert: async (v) => {
      const id = `new${++seq}`;
      rows.push(row(id, v));
      return id;
    },
    update: async (id, v) => {
      const i = rows.findIndex((r) => r.id === id);
      rows[i] = { ...rows[i], ...v };
    },
    remove: async (id) => {
      rows.splice(
        rows.findIndex((r) => r.id === id),
        1,
      );
    },
  };
};

const entry = (id: string, parentId: string | null) =>
  ({ id, parentId, menuType: 1, name: id, englishName: id, permission: '' }) as Row;
const body = (over: Partial<SysMenuSave>): SysMenuSave =>
  ({
    menuType: 2,
    name: 'Page',
    menuEnglishName: 'Page',
    sysCode: 'cpm',
    url: '/page',
    permission: 'x:page:view',
    icon: '',
    enabled: true,
    hidden: false,
    sort: 0,
    ...over,
  }) as SysMenuSave;

describe('menu service rules', () => {
  it('adds under an existing parent and tells the operation log what it made', async () => {
    const rows = [entry('root', null)];
    const service = createSysMenuService({ repo: fakeRepo(rows), clock: { now: () => new Date(0) } });
    const { note, noted } = createOperationNote();
    const { id } = await service.save(admin, note, body({ parentId: 'root' }));
    expect(rows.find((r) => r.id === id)).toMatchObject({ parentId: 'root', name: 'Page' });
    expect(noted.subject).toEqual({ id, name: 'Page', detail: 'x:page:view' });
  });

  it('refuses an unknown parent, a parent below the entry itself, and a tenant', async () => {
    const rows = [entry('a', null), entry('b', 'a'), entry('c', 'b')];
    const service = createSysMenuService({ repo: fakeRepo(rows), clock: { now: () => new Date(0) } });
    const { note, noted } = createOperationNote();
    await expect(service.save(admin, note, body({ parentId: 'zz' }))).rejects.toMatchObject({
      key: 'notFound',
    });
    await expect(service.save(admin, note, body({ id: 'a', parentId: 'c' }))).rejects.toMatchObject({
      key: 'parentIsDescendant',
    });
    await expect(service.save(tenant, note, body({}))).rejects.toMatchObject({ key: 'forbidden' });
    expect(rows.map((r) => r.parentId)).toEqual([null, 'a', 'b']);
    expect(noted.subject).toEqual({});
  });

  it('deletes only an entry without children', async () => {
    const rows = [entry('a', null), entry('b', 'a')];
    const service = createSysMenuService({ repo: fakeRepo(rows), clock: { now: () => new Date(0) } });
    const { note } = createOperationNote();
    await expect(service.remove(admin, note, 'a')).rejects.toMatchObject({ key: 'menuHasChildren' });
    await service.remove(admin, note, 'b');
    await service.remove(admin, note, 'a');
    expect(rows).toEqual([]);
    await expect(service.remove(admin, note, 'a')).rejects.toMatchObject({ key: 'notFound' });
  });
});
