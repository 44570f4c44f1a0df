import { LIMITS, type RoleRow } from '@cpm/contracts';
import { factorsRoutes, rolesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Switch, Tooltip, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { usePermission } from '../../../shared/auth/usePermission';
import {
  AddButton,
  actionsColumn,
  CrudListView,
  DictTag,
  deleteAction,
  editAction,
  queryKeys,
  useCrudList,
} from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';
import { menuTreeData } from '../../../shared/tree/treeData';

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
  const list = useCrudList<RoleRow, { name?: string }>({
    queryKey: queryKeys.roles.all,
    filterKeys: ['name'],
    fetchPage: ({ current, size, name }) =>
      call(rolesRoutes.page, { query: { current, size, name }, loading: false }),
  });
  const tree = useQuery({
    queryKey: ['grantable-tree'],
    queryFn: () => call(rolesRoutes.grantable, { loading: false }),
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
      await call(rolesRoutes.save, {
        body: { ...values, id: editing?.id, menuIds: checked },
        notifySuccess: true,
      });
      setEditing(undefined);
      void list.invalidate();
    } catch {
      // The client showed why.
    } finally {
      setSaving(false);
    }
  };

  // Which roles require a second factor at sign-in (rules of other kinds are the user page's).
  const rules = useQuery({
    queryKey: ['factors', 'rules'],
    queryFn: () => call(factorsRoutes.rules, { loading: false }),
  });
  const factorRoles = new Set((rules.data ?? []).filter((r) => r.kind === 'role').map((r) => r.targetId));

  const columns: DataColumn<RoleRow>[] = [
    { key: 'name', title: t('role.name'), render: (_, r) => (zh ? r.name : r.nameEn || r.name) },
    { key: 'code', title: t('role.code'), dataIndex: 'code' },
    {
      key: 'status',
      title: t('user.status'),
      render: (_, r) => <DictTag dict="enabled_status" value={r.status} />,
    },
    { key: 'scope', title: t('role.dataScope'), render: (_, r) => t(`role.scope.${r.dataScope}`) },
    { key: 'menus', title: t('role.menuCount'), render: (_, r) => r.menuIds.length },
    { key: 'users', title: t('role.userCount'), dataIndex: 'userCount' },
    {
      key: 'factor',
      title: <Tooltip title={t('role.requireFactorHelp')}>{t('role.requireFactor')}</Tooltip>,
      render: (_, r) => (
        <Switch
          size="small"
          checked={factorRoles.has(r.id)}
          disabled={!can('user:role:edit')}
          aria-label={`${t('role.requireFactor')}: ${r.name}`}
          data-testid={`role-factor-${r.code}`}
          onChange={(required) =>
            void call(factorsRoutes.saveRule, {
              body: { kind: 'role', targetId: r.id, required },
              notifySuccess: true,
            })
              .catch(() => undefined)
              .then(() => rules.refetch())
          }
        />
      ),
    },
    actionsColumn(t('common.actions'), (r) => [
      editAction(t('actions.edit'), 'user:role:edit', () => setEditing(r)),
      deleteAction(t('actions.delete'), 'user:role:delete', t('actions.deleteConfirm'), () =>
        call(rolesRoutes.remove, { query: { id: r.id }, notifySuccess: true }).then(list.invalidate),
      ),
    ]),
  ];

  return (
    <CrudListView<RoleRow, { name?: string }>
      testId="roles-page"
      list={list}
      filters={[{ name: 'name', label: t('role.name') }]}
      columns={columns}
      toolbar={
        <AddButton
          permission="user:role:add"
          label={t('role.add')}
          onClick={() => setEditing(null)}
          testId="role-add"
        />
      }
    >
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
          name="role"
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
    </CrudListView>
  );
};
