import { KeyOutlined } from '@ant-design/icons';
import type { ApiKeyRow, IssuedApiKey, ServiceAccountRow } from '@cpm/contracts';
import { serviceAccountsRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Input, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { AddButton } from '../../../shared/crud/AddButton';
import { CrudListView } from '../../../shared/crud/CrudListView';
import { CrudField, CrudFormModal } from '../../../shared/crud/LazyCrudForm';
import { lazySchema } from '../../../shared/crud/lazySchema';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { actionsColumn, deleteAction, editAction } from '../../../shared/crud/RowActions';
import { useCrudList } from '../../../shared/crud/useCrudList';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { IssueKeyModal } from '../components/IssueKeyModal';
import { KeyShownOnce } from '../components/KeyShownOnce';
import { KeysDrawer } from '../components/KeysDrawer';
import { RotateKeyModal } from '../components/RotateKeyModal';

type Filter = { name?: string };

const saveSchema = lazySchema(() =>
  import('@cpm/contracts/serviceaccounts/serviceaccounts.contract').then((m) => m.ServiceAccountSaveSchema),
);

/** Service accounts (`/user/serviceAccount`): API callers with a role, and their keys. */
export const ServiceAccountsPage = () => {
  const { t, i18n } = useTranslation('serviceaccounts');
  const [editing, setEditing] = useState<ServiceAccountRow | null | undefined>(undefined);
  const [keysOf, setKeysOf] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  const [rotating, setRotating] = useState<ApiKeyRow | null>(null);
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const list = useCrudList<ServiceAccountRow, Filter>({
    queryKey: queryKeys.serviceAccounts.all,
    filterKeys: ['name'],
    fetchPage: ({ sort: _sort, ...query }) => call(serviceAccountsRoutes.page, { query }),
  });
  const roles = useQuery({
    queryKey: [...queryKeys.serviceAccounts.all, 'roles'],
    queryFn: () => call(serviceAccountsRoutes.roleOptions, { loading: false }),
  });
  const roleLabel = (r: { name: string; nameEn: string }) =>
    i18n.language.startsWith('zh') ? r.name : r.nameEn || r.name;
  // The drawer follows the list, so a new, rotated or revoked key shows once the list is read again.
  const shownAccount = list.rows.find((a) => a.id === keysOf) ?? null;
  const keyIssued = (key: IssuedApiKey) => {
    setIssuing(false);
    setRotating(null);
    setIssued(key);
    void list.refetch();
  };

  const columns: DataColumn<ServiceAccountRow>[] = [
    { key: 'name', title: t('account.name'), dataIndex: 'name', fixed: 'left' },
    {
      key: 'role',
      title: t('account.role'),
      render: (_, r) => roleLabel({ name: r.roleName, nameEn: r.roleNameEn }),
    },
    {
      key: 'enabled',
      title: t('account.enabled'),
      render: (_, r) => (
        <Tag color={r.enabled ? 'success' : 'default'}>{t(r.enabled ? 'account.on' : 'account.off')}</Tag>
      ),
    },
    {
      key: 'keys',
      title: t('account.keys'),
      render: (_, r) =>
        t('account.keyCount', {
          live: r.keys.filter((k) => k.status === 'active' || k.status === 'rotating').length,
          total: r.keys.length,
        }),
    },
    { key: 'description', title: t('account.description'), dataIndex: 'description' },
    timeColumn('createdAt', t('account.createdAt')),
    actionsColumn(
      t('common.actions'),
      (r) => [
        {
          key: 'keys',
          label: t('keys.action'),
          icon: <KeyOutlined />,
          onClick: () => setKeysOf(r.id),
        },
        editAction(t('common.edit'), 'user:serviceaccount:edit', () => setEditing(r)),
        deleteAction(t('common.delete'), 'user:serviceaccount:delete', t('account.deleteConfirm'), () =>
          call(serviceAccountsRoutes.remove, { body: { id: r.id }, notifySuccess: true })
            .catch(() => undefined)
            .then(() => list.refetch()),
        ),
      ],
      { fixed: 'right', width: 130 },
    ),
  ];

  return (
    <CrudListView<ServiceAccountRow, Filter>
      testId="service-accounts-page"
      list={list}
      filters={[{ name: 'name', label: t('account.name') }]}
      columns={columns}
      scroll={{ x: 1000 }}
      toolbar={
        <AddButton
          permission="user:serviceaccount:add"
          label={t('account.add')}
          testId="service-account-add"
          onClick={() => setEditing(null)}
        />
      }
    >
      <CrudFormModal
        open={editing !== undefined}
        title={editing ? t('account.edit') : t('account.add')}
        schema={saveSchema}
        initialValues={editing ?? { enabled: true }}
        onSubmit={(body) => call(serviceAccountsRoutes.save, { body, notifySuccess: true })}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void list.refetch();
        }}
        conflictField="name"
        testId="service-account-form"
      >
        <CrudField name="name" label={t('account.name')}>
          <Input />
        </CrudField>
        <CrudField name="roleId" label={t('account.role')} extra={t('account.roleHint')}>
          <Select
            data-testid="service-account-role"
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(r) }))}
          />
        </CrudField>
        <CrudField name="enabled" label={t('account.enabled')} valuePropName="checked">
          <Switch />
        </CrudField>
        <CrudField name="description" label={t('account.description')}>
          <Input.TextArea rows={2} />
        </CrudField>
      </CrudFormModal>
      <KeysDrawer
        account={shownAccount}
        onClose={() => setKeysOf(null)}
        onIssue={() => setIssuing(true)}
        onRotate={setRotating}
        onChanged={() => void list.refetch()}
      />
      <IssueKeyModal
        account={issuing ? shownAccount : null}
        rolePermissions={roles.data?.find((r) => r.id === shownAccount?.roleId)?.permissions ?? []}
        onClose={() => setIssuing(false)}
        onSaved={keyIssued}
      />
      <RotateKeyModal apiKey={rotating} onClose={() => setRotating(null)} onSaved={keyIssued} />
      <KeyShownOnce issued={issued} onClose={() => setIssued(null)} />
    </CrudListView>
  );
};
