import {
  groupsEndpoints,
  isStrongPassword,
  LIMITS,
  rolesEndpoints,
  USERNAME_PATTERN,
  type UserRow,
  usersEndpoints,
} from '@cpm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Modal, Row, Select, Switch, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { useDict } from '../../../shared/dicts/useDict';
import { toTreeSelect } from './treeData';

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
};

/** Add or edit a user ("add user"): every field of the account. */
export const UserFormModal = ({
  open,
  user,
  onClose,
  onSaved,
}: {
  open: boolean;
  user: UserRow | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t, i18n } = useTranslation('accounts');
  const [form] = Form.useForm<UserForm>();
  const [saving, setSaving] = useState(false);
  const levels = useDict('system_level');
  const roles = useQuery({
    queryKey: ['role-options'],
    queryFn: () => call(rolesEndpoints.options, { loading: false }),
    enabled: open,
  });
  const superiors = useQuery({
    queryKey: ['user-options'],
    queryFn: () => call(usersEndpoints.options, { loading: false }),
    enabled: open,
  });
  const groups = useQuery({
    queryKey: ['group-tree'],
    queryFn: () => call(groupsEndpoints.tree, { loading: false }),
    enabled: open,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user)
      form.setFieldsValue({
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
      });
  }, [open, user, form]);

  const submit = async (values: UserForm) => {
    setSaving(true);
    try {
      await call(usersEndpoints.save, {
        body: {
          ...values,
          id: user?.id,
          password: user ? undefined : values.password,
          email: values.email || null,
          storeScopeGroupId: values.storeScopeGroupId ?? null,
          superiorId: values.superiorId ?? null,
        },
        notifySuccess: true,
      });
      onSaved();
    } catch {
      // The client showed why; the form keeps its values.
    } finally {
      setSaving(false);
    }
  };

  const zh = i18n.language === 'zh';
  return (
    <Modal
      open={open}
      title={user ? t('user.edit') : t('user.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      width={760}
      destroyOnHidden
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
    >
      <Form<UserForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        data-testid="user-form"
        initialValues={{
          roleIds: [],
          systemLevel: 'enterprise',
          enabled: true,
          hardwareSmsAlert: false,
          fenceEmailAlert: false,
          locationEnabled: true,
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="username"
              label={t('user.username')}
              rules={[
                { required: true, whitespace: true, message: t('rules.required') },
                { pattern: USERNAME_PATTERN, message: t('rules.username') },
              ]}
            >
              <Input maxLength={LIMITS.usernameMax} data-testid="user-username" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {!user && (
              <Form.Item
                name="password"
                label={t('user.password')}
                extra={t('rules.passwordPolicy')}
                rules={[
                  { required: true, message: t('rules.required') },
                  {
                    validator: (_, v: string | undefined) =>
                      !v || isStrongPassword(v)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('rules.passwordPolicy'))),
                  },
                ]}
              >
                <Input.Password
                  maxLength={LIMITS.passwordMax}
                  autoComplete="new-password"
                  data-testid="user-password"
                />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('user.name')}>
              <Input maxLength={LIMITS.nameMax} data-testid="user-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="email"
              label={t('user.email')}
              rules={[{ type: 'email', message: t('rules.email') }]}
            >
              <Input data-testid="user-email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('user.phone')}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="roleIds" label={t('user.role')}>
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
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="systemLevel" label={t('user.systemLevel')}>
              <Select options={levels.options} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="storeScopeGroupId" label={t('user.storeScope')}>
              <TreeSelect allowClear treeDefaultExpandAll treeData={toTreeSelect(groups.data ?? [])} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="superiorId" label={t('user.superior')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                options={(superiors.data ?? [])
                  .filter((u) => u.id !== user?.id)
                  .map((u) => ({ value: u.id, label: u.name ? `${u.username} (${u.name})` : u.username }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="companyName" label={t('user.companyName')}>
              <Input maxLength={LIMITS.titleMax} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="address" label={t('user.address')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="salesmanName" label={t('user.salesmanName')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="salesmanPhone" label={t('user.salesmanPhone')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="salesmanAddress" label={t('user.salesmanAddress')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('user.description')}>
              <Input.TextArea rows={2} maxLength={LIMITS.textMax} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="enabled" label={t('user.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="hardwareSmsAlert" label={t('user.hardwareSmsAlert')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="fenceEmailAlert" label={t('user.fenceEmailAlert')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="locationEnabled" label={t('user.locationEnabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
};
