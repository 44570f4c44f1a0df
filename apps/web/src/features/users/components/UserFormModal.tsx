import type { UserRow } from '@cpm/contracts';
import { groupsRoutes, rolesRoutes, usersRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Col, Input, Row, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud';
import { CrudField, CrudFormModal, GridField, lazySchema } from '../../../shared/crud';
import { useDict } from '../../../shared/dicts/useDict';
import { TreePicker } from '../../../shared/tree/TreePicker';
import { toTreeSelect } from '../../../shared/tree/treeData';

/** The account's on-off settings, each a switch under its own label. */
const SWITCHES = ['enabled', 'hardwareSmsAlert', 'fenceEmailAlert', 'locationEnabled'] as const;

/** The form's contract loads when the form first opens (with zod), not with the list. */
const userSaveSchema = lazySchema(() =>
  import('@cpm/contracts/users/users.contract').then((m) => m.UserSaveSchema),
);

type UserForm = {
  username: string;
  password?: string;
  name: string;
  email?: string;
  phone?: string;
  description?: string;
  roleIds: string[];
  systemLevel: string;
  storeScopeGroupId?: string;
  superiorId?: string;
  enabled: boolean;
  companyName?: string;
  address?: string;
  salesmanName?: string;
  salesmanPhone?: string;
  salesmanAddress?: string;
  hardwareSmsAlert: boolean;
  fenceEmailAlert: boolean;
  locationEnabled: boolean;
  international: boolean;
};

/** Add or edit a user ("add user"): every field of the account. */
export const UserFormModal = ({
  open,
  user,
  onClose,
  onSaved,
}: DialogProps<{ open: boolean; user: UserRow | null }>) => {
  const { t, i18n } = useTranslation('accounts');
  const levels = useDict('system_level');
  const roles = useQuery({
    queryKey: ['role-options'],
    queryFn: () => call(rolesRoutes.options, { loading: false }),
    enabled: open,
  });
  const superiors = useQuery({
    queryKey: ['user-options'],
    queryFn: () => call(usersRoutes.options, { loading: false }),
    enabled: open,
  });
  const groups = useQuery({
    queryKey: ['group-tree'],
    queryFn: () => call(groupsRoutes.tree, { loading: false }),
    enabled: open,
  });

  const initialValues = useMemo<Partial<UserForm>>(
    () =>
      user
        ? {
            ...user,
            email: user.email ?? undefined,
            phone: user.phone ?? undefined,
            description: user.description ?? undefined,
            storeScopeGroupId: user.storeScopeGroupId ?? undefined,
            superiorId: user.superiorId ?? undefined,
            enabled: user.status === 1,
            companyName: user.companyName ?? undefined,
            address: user.address ?? undefined,
            salesmanName: user.salesmanName ?? undefined,
            salesmanPhone: user.salesmanPhone ?? undefined,
            salesmanAddress: user.salesmanAddress ?? undefined,
          }
        : {
            roleIds: [],
            systemLevel: 'enterprise',
            enabled: true,
            hardwareSmsAlert: false,
            fenceEmailAlert: false,
            locationEnabled: true,
            international: false,
          },
    [user],
  );

  const zh = i18n.language === 'zh';
  return (
    <CrudFormModal
      open={open}
      title={user ? t('user.edit') : t('user.add')}
      schema={userSaveSchema}
      initialValues={initialValues}
      conflictField="username"
      width={760}
      testId="user-form"
      onClose={onClose}
      onSaved={onSaved}
      onSubmit={(values) =>
        call(usersRoutes.save, {
          body: {
            ...values,
            id: user?.id,
            password: user ? undefined : values.password,
            email: values.email || null,
            storeScopeGroupId: values.storeScopeGroupId ?? null,
            superiorId: values.superiorId ?? null,
          },
          notifySuccess: true,
        })
      }
    >
      <Row gutter={16}>
        <GridField name="username" label={t('user.username')}>
          <Input data-testid="user-username" />
        </GridField>
        <Col xs={24} md={12}>
          {!user && (
            <CrudField name="password" label={t('user.password')} extra={t('rules.passwordPolicy')} required>
              <Input.Password autoComplete="new-password" data-testid="user-password" />
            </CrudField>
          )}
        </Col>
        <GridField name="name" label={t('user.name')}>
          <Input data-testid="user-name" />
        </GridField>
        <GridField name="email" label={t('user.email')}>
          <Input data-testid="user-email" />
        </GridField>
        <GridField name="phone" label={t('user.phone')}>
          <Input />
        </GridField>
        <GridField name="roleIds" label={t('user.role')}>
          <Select
            mode="multiple"
            data-testid="user-roles"
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({
              value: r.id,
              label: zh ? r.name : r.nameEn || r.name,
            }))}
            optionFilterProp="label"
          />
        </GridField>
        <GridField name="systemLevel" label={t('user.systemLevel')}>
          <Select options={levels.options} />
        </GridField>
        <GridField name="storeScopeGroupId" label={t('user.storeScope')}>
          <TreePicker treeData={toTreeSelect(groups.data ?? [])} />
        </GridField>
        <GridField name="superiorId" label={t('user.superior')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={(superiors.data ?? [])
              .filter((u) => u.id !== user?.id)
              .map((u) => ({ value: u.id, label: u.name ? `${u.username} (${u.name})` : u.username }))}
          />
        </GridField>
        <GridField name="companyName" label={t('user.companyName')}>
          <Input />
        </GridField>
        <GridField span="full" name="address" label={t('user.address')}>
          <Input />
        </GridField>
        {/* Two columns as in the rest of the form, and addresses across both, so the fields line up. */}
        <GridField name="salesmanName" label={t('user.salesmanName')}>
          <Input />
        </GridField>
        <GridField name="salesmanPhone" label={t('user.salesmanPhone')}>
          <Input />
        </GridField>
        <GridField span="full" name="salesmanAddress" label={t('user.salesmanAddress')}>
          <Input />
        </GridField>
        <GridField span="full" name="description" label={t('user.description')}>
          <Input.TextArea rows={2} />
        </GridField>
        {SWITCHES.map((name) => (
          <GridField key={name} span="quarter" name={name} label={t(`user.${name}`)} valuePropName="checked">
            <Switch />
          </GridField>
        ))}
        <GridField
          span="quarter"
          name="international"
          label={t('user.international')}
          tooltip={t('user.internationalHint')}
          valuePropName="checked"
        >
          <Switch data-testid="user-international" />
        </GridField>
      </Row>
    </CrudFormModal>
  );
};
