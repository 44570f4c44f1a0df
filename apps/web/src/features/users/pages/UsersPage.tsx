import { KeyOutlined, LogoutOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { UserRow } from '@cpm/contracts';
import { usersRoutes } from '@cpm/contracts/routes';
import { Input, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { usePermission } from '../../../shared/auth/usePermission';
import {
  AddButton,
  actionsColumn,
  CrudField,
  CrudFormModal,
  CrudListView,
  DictTag,
  deleteAction,
  editAction,
  lazySchema,
  queryKeys,
  useCrudList,
} from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { UserFormModal } from '../components/UserFormModal';
import { UserSecurityDrawer } from '../components/UserSecurityDrawer';

/** The reset form holds the new password only; the row gives the id. */
const ResetPasswordFormSchema = lazySchema(() =>
  import('@cpm/contracts/users/users.contract').then((m) =>
    m.UserSaveSchema.pick({ password: true }).required(),
  ),
);

type Filter = { username?: string; name?: string; email?: string; enabled?: '0' | '1' };

/**
 * User management (`/user/index`): filters, status, create and edit, enable, reset, kick out, an
 * account's security (second factor, sessions), delete, export.
 */
export const UsersPage = () => {
  const { t, i18n } = useTranslation('accounts');
  const can = usePermission();
  const [editing, setEditing] = useState<UserRow | null | undefined>(undefined);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [security, setSecurity] = useState<UserRow | null>(null);
  const list = useCrudList<UserRow, Filter>({
    queryKey: queryKeys.users.all,
    filterKeys: ['username', 'name', 'email', 'enabled'],
    fetchPage: ({ sort: _sort, ...q }) => call(usersRoutes.page, { query: q, loading: false }),
  });
  const zh = i18n.language === 'zh';

  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      void list.invalidate();
    } catch {
      // The client showed why.
    }
  };

  const columns: DataColumn<UserRow>[] = [
    { key: 'username', title: t('user.username'), dataIndex: 'username', fixed: 'left' },
    { key: 'name', title: t('user.name'), dataIndex: 'name' },
    { key: 'email', title: t('user.email'), dataIndex: 'email' },
    { key: 'phone', title: t('user.phone'), dataIndex: 'phone' },
    {
      key: 'roles',
      title: t('user.role'),
      render: (_, r) => (zh ? r.roleNames : r.roleNamesEn).join(', '),
    },
    {
      key: 'status',
      title: t('user.status'),
      render: (_, r) =>
        can('user:user:enable') ? (
          <Space>
            <Switch
              size="small"
              checked={r.status === 1}
              aria-label={t('user.status')}
              onChange={(enabled) =>
                void act(() =>
                  call(usersRoutes.setStatus, { body: { id: r.id, enabled }, notifySuccess: true }),
                )
              }
            />
            <DictTag dict="enabled_status" value={r.status} />
          </Space>
        ) : (
          <DictTag dict="enabled_status" value={r.status} />
        ),
    },
    {
      key: 'international',
      title: t('user.international'),
      render: (_, r) => (r.international ? <Tag color="blue">{t('common.yes')}</Tag> : t('common.no')),
    },
    { key: 'superior', title: t('user.superior'), dataIndex: 'superiorName' },
    { key: 'storeScope', title: t('user.storeScope'), dataIndex: 'storeScopeGroupName' },
    timeColumn('createdAt', t('common.createdAt')),
    actionsColumn(
      t('common.actions'),
      (r) => [
        editAction(t('actions.edit'), 'user:user:edit', () => setEditing(r)),
        {
          key: 'reset',
          label: t('user.resetPassword'),
          icon: <KeyOutlined />,
          permission: 'user:user:resetPassword',
          onClick: () => setResetting(r),
        },
        {
          key: 'kick',
          label: t('user.kick'),
          icon: <LogoutOutlined />,
          permission: 'user:user:kick',
          confirm: t('user.kickConfirm'),
          onClick: () => act(() => call(usersRoutes.kick, { body: { id: r.id }, notifySuccess: true })),
        },
        {
          key: 'security',
          label: t('user.security'),
          icon: <SafetyCertificateOutlined />,
          // Shown to whoever may act in the drawer: end sessions, reset the factor or require it.
          hidden: !can(['user:user:kick', 'user:user:resetPassword', 'user:user:edit']),
          onClick: () => setSecurity(r),
        },
        deleteAction(t('actions.delete'), 'user:user:delete', t('actions.deleteConfirm'), () =>
          act(() => call(usersRoutes.remove, { query: { id: r.id }, notifySuccess: true })),
        ),
      ],
      { fixed: 'right', width: 180 },
    ),
  ];

  return (
    <CrudListView<UserRow, Filter>
      testId="users-page"
      list={list}
      filters={[
        { name: 'username', label: t('user.username') },
        { name: 'name', label: t('user.name') },
        { name: 'email', label: t('user.email') },
        {
          name: 'enabled',
          label: t('user.status'),
          width: 140,
          options: [
            { value: '1', label: t('status.enabled') },
            { value: '0', label: t('status.disabled') },
          ],
        },
      ]}
      columns={columns}
      scroll={{ x: 1200 }}
      toolbar={
        <AddButton
          permission="user:user:add"
          label={t('user.add')}
          onClick={() => setEditing(null)}
          testId="user-add"
        />
      }
      exportTo={{
        permission: 'user:user:export',
        path: usersRoutes.exportXlsx.path,
        fileName: 'users.xlsx',
        list: 'users',
      }}
    >
      <UserSecurityDrawer user={security} onClose={() => setSecurity(null)} />
      <UserFormModal
        open={editing !== undefined}
        user={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void list.invalidate();
        }}
      />
      <CrudFormModal
        open={resetting !== null}
        title={t('user.resetPasswordOf', { name: resetting?.username ?? '' })}
        schema={ResetPasswordFormSchema}
        testId="reset-form"
        onClose={() => setResetting(null)}
        onSubmit={({ password }) =>
          call(usersRoutes.resetPassword, {
            body: { id: resetting?.id ?? '', password },
            notifySuccess: true,
          })
        }
        onSaved={() => setResetting(null)}
      >
        <CrudField name="password" label={t('user.newPassword')} extra={t('rules.passwordPolicy')} required>
          <Input.Password autoComplete="new-password" />
        </CrudField>
      </CrudFormModal>
    </CrudListView>
  );
};
