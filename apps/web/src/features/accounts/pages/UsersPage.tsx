import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  KeyOutlined,
  LogoutOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { type UserRow, usersEndpoints } from '@cpm/contracts';
import {
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { usePermission } from '../../../shared/auth/usePermission';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { StatusTag } from '../components/StatusTag';
import { UserFormModal } from '../components/UserFormModal';
import { compact, usePagedList } from '../hooks/usePagedList';

type Filter = { username?: string; name?: string; email?: string; enabled?: '0' | '1' };

/** User management (`/user/index`): filters, status, create and edit, enable, reset, kick out, delete, export. */
export const UsersPage = () => {
  const { t, i18n } = useTranslation('accounts');
  const can = usePermission();
  const [editing, setEditing] = useState<UserRow | null | undefined>(undefined);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [resetForm] = Form.useForm<{ password: string }>();
  const list = usePagedList<UserRow, Filter>('users', (q) => call(usersEndpoints.page, { query: q }), {});
  const zh = i18n.language === 'zh';

  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      list.refetch();
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
                  call(usersEndpoints.setStatus, { body: { id: r.id, enabled }, notifySuccess: true }),
                )
              }
            />
            <StatusTag status={r.status} />
          </Space>
        ) : (
          <StatusTag status={r.status} />
        ),
    },
    { key: 'superior', title: t('user.superior'), dataIndex: 'superiorName' },
    { key: 'storeScope', title: t('user.storeScope'), dataIndex: 'storeScopeGroupName' },
    {
      key: 'createdAt',
      title: t('common.createdAt'),
      render: (_, r) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'right',
      width: 180,
      render: (_, r) => (
        <Space size={0}>
          <Auth permission="user:user:edit">
            <Tooltip title={t('actions.edit')}>
              <Button
                type="link"
                icon={<EditOutlined />}
                onClick={() => setEditing(r)}
                aria-label={t('actions.edit')}
              />
            </Tooltip>
          </Auth>
          <Auth permission="user:user:resetPassword">
            <Tooltip title={t('user.resetPassword')}>
              <Button
                type="link"
                icon={<KeyOutlined />}
                onClick={() => {
                  resetForm.resetFields();
                  setResetting(r);
                }}
                aria-label={t('user.resetPassword')}
              />
            </Tooltip>
          </Auth>
          <Auth permission="user:user:kick">
            <Popconfirm
              title={t('user.kickConfirm')}
              onConfirm={() =>
                act(() => call(usersEndpoints.kick, { body: { id: r.id }, notifySuccess: true }))
              }
            >
              <Tooltip title={t('user.kick')}>
                <Button type="link" icon={<LogoutOutlined />} aria-label={t('user.kick')} />
              </Tooltip>
            </Popconfirm>
          </Auth>
          <Auth permission="user:user:delete">
            <Popconfirm
              title={t('actions.deleteConfirm')}
              onConfirm={() =>
                act(() => call(usersEndpoints.remove, { query: { id: r.id }, notifySuccess: true }))
              }
            >
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <div className="cpm-page" data-testid="users-page">
      <Card variant="borderless">
        <Typography.Title level={4} className="cpm-page-title">
          {t('user.title')}
        </Typography.Title>
        <Form<Filter>
          layout="inline"
          className="cpm-filter-form"
          onFinish={(values) => list.applyFilter(compact(values))}
          style={{ rowGap: 12, marginBottom: 16 }}
        >
          <Form.Item name="username" label={t('user.username')}>
            <Input allowClear data-testid="filter-username" />
          </Form.Item>
          <Form.Item name="name" label={t('user.name')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="enabled" label={t('user.status')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={[
                { value: '1', label: t('status.enabled') },
                { value: '0', label: t('status.disabled') },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" data-testid="filter-search">
              {t('actions.search')}
            </Button>
          </Form.Item>
        </Form>
        <DataTable<UserRow>
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          paging={list.paging}
          onRefresh={list.refetch}
          scroll={{ x: 1200 }}
          toolbar={
            <Space wrap>
              <Auth permission="user:user:add">
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing(null)}
                  data-testid="user-add"
                >
                  {t('user.add')}
                </Button>
              </Auth>
              <Auth permission="user:user:export">
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void download({
                      method: 'GET',
                      path: usersEndpoints.exportXlsx.path,
                      query: list.filter,
                      fileName: 'users.xlsx',
                    }).catch(() => undefined)
                  }
                >
                  {t('actions.export')}
                </Button>
              </Auth>
            </Space>
          }
        />
      </Card>
      <UserFormModal
        open={editing !== undefined}
        user={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          list.refetch();
        }}
      />
      <Modal
        open={resetting !== null}
        title={t('user.resetPasswordOf', { name: resetting?.username ?? '' })}
        onCancel={() => setResetting(null)}
        onOk={() => resetForm.submit()}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        destroyOnHidden
      >
        <Form
          form={resetForm}
          layout="vertical"
          onFinish={(v: { password: string }) =>
            act(async () => {
              await call(usersEndpoints.resetPassword, {
                body: { id: resetting?.id ?? '', password: v.password },
                notifySuccess: true,
              });
              setResetting(null);
            })
          }
        >
          <Form.Item
            name="password"
            label={t('user.newPassword')}
            extra={t('rules.passwordPolicy')}
            rules={[{ required: true, message: t('rules.required') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
};
