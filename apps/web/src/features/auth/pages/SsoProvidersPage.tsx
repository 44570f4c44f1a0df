import type { SsoProvider } from '@cpm/contracts';
import { rolesRoutes, ssoRoutes, usersRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Input, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { AddButton } from '../../../shared/crud/AddButton';
import { CrudListView } from '../../../shared/crud/CrudListView';
import { CrudField, CrudFormModal } from '../../../shared/crud/LazyCrudForm';
import { lazySchema } from '../../../shared/crud/lazySchema';
import type { ListFilter } from '../../../shared/crud/listState';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { actionsColumn, deleteAction, editAction } from '../../../shared/crud/RowActions';
import { useCrudList } from '../../../shared/crud/useCrudList';
import type { DataColumn } from '../../../shared/table/DataTable';
import { RoleMappingsInput } from '../components/RoleMappingsInput';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const ssoSaveSchema = lazySchema(() =>
  import('@cpm/contracts/auth/sso.contract').then((m) => m.SsoProviderSaveSchema),
);

/** Single sign-on (`/user/sso`): each enterprise's OpenID Connect provider, groups mapped to roles. */
export const SsoProvidersPage = () => {
  const { t, i18n } = useTranslation('sso');
  const [editing, setEditing] = useState<SsoProvider | null | undefined>(undefined);
  const open = editing !== undefined;
  const list = useCrudList<SsoProvider>({
    queryKey: queryKeys.sso.all,
    filterKeys: [],
    fetchPage: async () => {
      const records = await call(ssoRoutes.list);
      return { records, total: records.length };
    },
  });
  const roles = useQuery({
    queryKey: ['role-options'],
    queryFn: () => call(rolesRoutes.options, { loading: false }),
    enabled: open,
  });
  const accounts = useQuery({
    queryKey: ['user-options'],
    queryFn: () => call(usersRoutes.options, { loading: false }),
    enabled: open,
  });
  const onOff = (on: boolean) => <Tag color={on ? 'success' : 'default'}>{on ? t('on') : t('off')}</Tag>;

  const columns: DataColumn<SsoProvider>[] = [
    { key: 'enterprise', title: t('enterprise'), dataIndex: 'enterpriseName', fixed: 'left' },
    { key: 'displayName', title: t('displayName'), dataIndex: 'displayName' },
    { key: 'issuer', title: t('issuer'), dataIndex: 'issuer' },
    {
      key: 'discovery',
      title: `${t('emailDomains')} / ${t('enterpriseCode')}`,
      render: (_, r) => [...r.emailDomains, ...(r.enterpriseCode ? [r.enterpriseCode] : [])].join(', '),
    },
    {
      key: 'mappings',
      title: t('roleMappings'),
      render: (_, r) => r.roleMappings.map((m) => `${m.group} → ${m.roleName}`).join('; '),
    },
    { key: 'ssoOnly', title: t('ssoOnly'), render: (_, r) => onOff(r.ssoOnly) },
    { key: 'enabled', title: t('state'), render: (_, r) => onOff(r.enabled) },
    actionsColumn(
      t('actions'),
      (r) => [
        editAction(t('edit'), 'user:sso:edit', () => setEditing(r)),
        deleteAction(t('delete'), 'user:sso:delete', t('deleteConfirm'), () =>
          call(ssoRoutes.remove, { body: { id: r.id }, notifySuccess: true })
            .catch(() => undefined)
            .then(() => list.refetch()),
        ),
      ],
      { fixed: 'right', width: 130 },
    ),
  ];

  return (
    <CrudListView<SsoProvider, ListFilter>
      testId="sso-page"
      list={list}
      filters={[]}
      columns={columns}
      scroll={{ x: 1100 }}
      toolbar={
        <AddButton
          permission="user:sso:edit"
          label={t('add')}
          onClick={() => setEditing(null)}
          testId="sso-add"
        />
      }
    >
      <CrudFormModal
        open={open}
        title={editing ? t('edit') : t('add')}
        schema={ssoSaveSchema}
        initialValues={
          editing
            ? {
                enterpriseId: editing.enterpriseId,
                displayName: editing.displayName,
                issuer: editing.issuer,
                clientId: editing.clientId,
                clientSecret: '',
                scopes: editing.scopes,
                groupsClaim: editing.groupsClaim,
                roleMappings: editing.roleMappings.map(({ group, roleId }) => ({ group, roleId })),
                emailDomains: editing.emailDomains,
                enterpriseCode: editing.enterpriseCode,
                jitCreate: editing.jitCreate,
                reviewWaived: editing.reviewWaived,
                ssoOnly: editing.ssoOnly,
                enabled: editing.enabled,
              }
            : {
                clientSecret: '',
                scopes: 'openid email profile',
                groupsClaim: 'groups',
                roleMappings: [{ group: '', roleId: '' }],
                emailDomains: [],
                enterpriseCode: null,
                jitCreate: true,
                reviewWaived: false,
                ssoOnly: false,
                enabled: true,
              }
        }
        onSubmit={(body) => call(ssoRoutes.save, { body, notifySuccess: true })}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          list.refetch();
        }}
        width={720}
        testId="sso-form"
      >
        {editing && (
          <Typography.Paragraph type="secondary">
            {t('redirectUri')}: <Typography.Text copyable>{editing.redirectUri}</Typography.Text>
          </Typography.Paragraph>
        )}
        <CrudField name="enterpriseId" label={t('enterprise')} extra={t('enterpriseHelp')}>
          <Select
            showSearch
            optionFilterProp="label"
            disabled={Boolean(editing)}
            loading={accounts.isLoading}
            options={(accounts.data ?? []).map((a) => ({
              value: a.id,
              label: a.name && a.name !== a.username ? `${a.username} (${a.name})` : a.username,
            }))}
            data-testid="sso-enterprise"
          />
        </CrudField>
        <CrudField name="displayName" label={t('displayName')} extra={t('displayNameHelp')}>
          <Input data-testid="sso-display-name" />
        </CrudField>
        <CrudField name="issuer" label={t('issuer')} extra={t('issuerHelp')}>
          <Input placeholder="https://" data-testid="sso-issuer" />
        </CrudField>
        <CrudField name="clientId" label={t('clientId')}>
          <Input data-testid="sso-client-id" />
        </CrudField>
        <CrudField
          name="clientSecret"
          label={t('clientSecret')}
          extra={editing?.hasClientSecret ? t('clientSecretKeep') : t('clientSecretHelp')}
        >
          <Input.Password autoComplete="new-password" data-testid="sso-client-secret" />
        </CrudField>
        <CrudField name="scopes" label={t('scopes')}>
          <Input />
        </CrudField>
        <CrudField name="groupsClaim" label={t('groupsClaim')} extra={t('groupsClaimHelp')}>
          <Input />
        </CrudField>
        <CrudField name="roleMappings" label={t('roleMappings')}>
          <RoleMappingsInput
            roles={(roles.data ?? []).map((r) => ({
              value: r.id,
              label: i18n.language.startsWith('zh') ? r.name : r.nameEn || r.name,
            }))}
          />
        </CrudField>
        <CrudField name="emailDomains" label={t('emailDomains')} extra={t('emailDomainsHelp')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="sso-domains" />
        </CrudField>
        <CrudField
          name="enterpriseCode"
          label={t('enterpriseCode')}
          extra={t('enterpriseCodeHelp')}
          normalize={(v: string) => (v ? v : null)}
        >
          <Input data-testid="sso-code" />
        </CrudField>
        <CrudField name="jitCreate" label={t('jitCreate')} valuePropName="checked">
          <Switch checkedChildren={t('yes')} unCheckedChildren={t('no')} />
        </CrudField>
        <CrudField name="reviewWaived" label={t('reviewWaived')} valuePropName="checked">
          <Switch checkedChildren={t('yes')} unCheckedChildren={t('no')} />
        </CrudField>
        <CrudField name="ssoOnly" label={t('ssoOnly')} extra={t('ssoOnlyHelp')} valuePropName="checked">
          <Switch checkedChildren={t('yes')} unCheckedChildren={t('no')} data-testid="sso-only" />
        </CrudField>
        <CrudField name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch checkedChildren={t('on')} unCheckedChildren={t('off')} />
        </CrudField>
      </CrudFormModal>
    </CrudListView>
  );
};
