import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS, type RoleRow, rolesEndpoints } from '@cpm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Popconfirm, Space, Switch, Tree, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { usePermission } from '../../../shared/auth/usePermission';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { StatusTag } from '../components/StatusTag';
import { menuTreeData } from '../components/treeData';
import { compact, usePagedList } from '../hooks/usePagedList';

type RoleForm = { name: string; nameEn: string; code: string; description?: string; enabled: boolean };

/** Roles (`/user/role`): name, code, enabled and the tree of menus and buttons they grant. */
export const RolesPage = () => {
  const { t, i18n } = useTranslation('accounts');
  const can = usePermission();
  const zh = i18n.language === 'zh';
  const [editing, setEditing] = useState<RoleRow | null | undefined>(undefined);
  const [checked, setChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<RoleForm>();
  const list = usePagedList<RoleRow, { name?: string }>(
    'roles',
    (q) => call(rolesEndpoints.page, { query: q }),
    {},
  );
  const tree = useQuery({
    queryKey: ['grantable-tree'],
    queryFn: () => call(rolesEndpoints.grantable, { loading: false }),
    enabled: editing !== undefined,
  });

  useEffect(() => {
    if (editing === undefined) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        ...editing,
        description: editing.description ?? undefined,
        enabled: editing.status === 1,
      });
    setChecked(editing?.menuIds ?? []);
  }, [editing, form]);

  const submit = async (values: RoleForm) => {
    setSaving(true);
    try {
      await call(rolesEndpoints.save, {
        body: { ...values, id: editing?.id, menuIds: checked },
        notifySuccess: true,
      });
      setEditing(undefined);
      list.refetch();
    } catch {
      // The client showed why.
    } finally {
      setSaving(false);
    }
  };

  const columns: DataColumn<RoleRow>[] = [
    { key: 'name', title: t('role.name'), render: (_, r) => (zh ? r.name : r.nameEn || r.name) },
    { key: 'code', title: t('role.code'), dataIndex: 'code' },
    { key: 'status', title: t('user.status'), render: (_, r) => <StatusTag status={r.status} /> },
    { key: 'scope', title: t('role.dataScope'), render: (_, r) => t(`role.scope.${r.dataScope}`) },
    { key: 'menus', title: t('role.menuCount'), render: (_, r) => r.menuIds.length },
    { key: 'users', title: t('role.userCount'), dataIndex: 'userCount' },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, r) => (
        <Space size={0}>
          <Auth permission="user:role:edit">
            <Button
              type="link"
              icon={<EditOutlined />}
              onClick={() => setEditing(r)}
              aria-label={t('actions.edit')}
            />
          </Auth>
          <Auth permission="user:role:delete">
            <Popconfirm
              title={t('actions.deleteConfirm')}
              onConfirm={async () => {
                await call(rolesEndpoints.remove, { query: { id: r.id }, notifySuccess: true }).catch(
                  () => undefined,
                );
                list.refetch();
              }}
            >
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <div className="cpm-page" data-testid="roles-page">
      <Card variant="borderless">
        <Typography.Title level={4} className="cpm-page-title">
          {t('role.title')}
        </Typography.Title>
        <Form
          layout="inline"
          onFinish={(v) => list.applyFilter(compact(v))}
          style={{ rowGap: 12, marginBottom: 16 }}
        >
          <Form.Item name="name" label={t('role.name')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('actions.search')}
            </Button>
          </Form.Item>
        </Form>
        <DataTable<RoleRow>
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          paging={list.paging}
          onRefresh={list.refetch}
          toolbar={
            <Auth permission="user:role:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing(null)}
                data-testid="role-add"
              >
                {t('role.add')}
              </Button>
            </Auth>
          }
        />
      </Card>
      <Modal
        open={editing !== undefined}
        title={editing ? t('role.edit') : t('role.add')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.submit()}
        confirmLoading={saving}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        width={640}
        destroyOnHidden
      >
        <Form<RoleForm>
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ enabled: true, nameEn: '' }}
          data-testid="role-form"
        >
          <Form.Item
            name="name"
            label={t('role.name')}
            rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
          >
            <Input maxLength={LIMITS.nameMax} data-testid="role-name" />
          </Form.Item>
          <Form.Item name="nameEn" label={t('role.nameEn')}>
            <Input maxLength={LIMITS.nameMax} />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('role.code')}
            rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
          >
            <Input maxLength={LIMITS.nameMax} data-testid="role-code" />
          </Form.Item>
          <Form.Item name="description" label={t('user.description')}>
            <Input.TextArea rows={2} maxLength={LIMITS.textMax} />
          </Form.Item>
          <Form.Item name="enabled" label={t('user.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            label={t('role.permissions')}
            extra={can('user:role:grant') ? undefined : t('role.noGrant')}
          >
            <div
              style={{
                maxHeight: 320,
                overflow: 'auto',
                border: '1px solid var(--ant-color-border)',
                borderRadius: 6,
                padding: 8,
              }}
            >
              <Tree
                checkable
                disabled={!can('user:role:grant')}
                checkStrictly
                defaultExpandAll={false}
                treeData={menuTreeData(tree.data ?? [], zh)}
                checkedKeys={checked}
                onCheck={(keys) =>
                  setChecked(Array.isArray(keys) ? keys.map(String) : keys.checked.map(String))
                }
                data-testid="role-tree"
              />
            </div>
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
};
