import { EyeOutlined } from '@ant-design/icons';
import type { PrivateCustomerRow } from '@cpm/contracts';
import { privatizationRoutes } from '@cpm/contracts/routes';
import { Button, Col, Form, Input, Modal, Row, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { AddButton } from '../../../shared/crud/AddButton';
import { CrudListView } from '../../../shared/crud/CrudListView';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { actionsColumn, deleteAction, editAction } from '../../../shared/crud/RowActions';
import { useCrudList } from '../../../shared/crud/useCrudList';
import { useDict } from '../../../shared/dicts/useDict';
import type { DataColumn } from '../../../shared/table/DataTable';

type CustomerForm = Omit<PrivateCustomerRow, 'id' | 'hasPassword' | 'ownerId' | 'createdAt'> & {
  password?: string;
};
type Filter = { name?: string; deploymentStatus?: string };

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

const FIELDS = [
  'name',
  'contact',
  'phone',
  'email',
  'country',
  'region',
  'address',
  'serviceIp',
  'sysUser',
] as const;

/** Private deployments (`/user/cpmPrivatization`): customer records; the system password only on reveal. */
export const PrivateDeploymentsPage = () => {
  const { t } = useTranslation('accounts');
  const statuses = useDict('deployment_status');
  const networks = useDict('network_type');
  const [editing, setEditing] = useState<PrivateCustomerRow | null | undefined>(undefined);
  const [revealed, setRevealed] = useState<{ name: string; password: string } | null>(null);
  const [form] = Form.useForm<CustomerForm>();
  const list = useCrudList<PrivateCustomerRow, Filter>({
    queryKey: queryKeys.privateDeployments.all,
    filterKeys: ['name', 'deploymentStatus'],
    fetchPage: ({ sort: _sort, ...query }) => call(privatizationRoutes.page, { query }),
  });

  useEffect(() => {
    if (editing === undefined) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ ...editing, remark: editing.remark ?? undefined });
  }, [editing, form]);

  const save = async (values: CustomerForm) => {
    try {
      await call(privatizationRoutes.save, { body: { ...values, id: editing?.id }, notifySuccess: true });
      setEditing(undefined);
      list.refetch();
    } catch {
      // The client showed why.
    }
  };

  const columns: DataColumn<PrivateCustomerRow>[] = [
    { key: 'name', title: t('private.name'), dataIndex: 'name', fixed: 'left' },
    { key: 'contact', title: t('private.contact'), dataIndex: 'contact' },
    { key: 'phone', title: t('private.phone'), dataIndex: 'phone' },
    { key: 'email', title: t('private.email'), dataIndex: 'email' },
    { key: 'country', title: t('private.country'), render: (_, r) => `${r.country} / ${r.region}` },
    {
      key: 'status',
      title: t('private.deploymentStatus'),
      render: (_, r) => (
        <Tag color={r.deploymentStatus === '1' ? 'success' : 'default'}>
          {statuses.label(r.deploymentStatus)}
        </Tag>
      ),
    },
    { key: 'network', title: t('private.networkType'), render: (_, r) => networks.label(r.networkType) },
    { key: 'url', title: t('private.interfaceUrl'), dataIndex: 'interfaceUrl' },
    { key: 'ip', title: t('private.serviceIp'), dataIndex: 'serviceIp' },
    { key: 'user', title: t('private.sysUser'), dataIndex: 'sysUser' },
    {
      key: 'password',
      title: t('private.password'),
      render: (_, r) =>
        r.hasPassword ? (
          <Space>
            <span>••••••</span>
            <Auth permission="user:private:reveal">
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('private.reveal')}
                onClick={async () => {
                  const res = await call(privatizationRoutes.reveal, { body: { id: r.id } }).catch(
                    () => null,
                  );
                  if (res) setRevealed({ name: r.name, password: res.password });
                }}
              />
            </Auth>
          </Space>
        ) : null,
    },
    { key: 'remark', title: t('private.remark'), dataIndex: 'remark' },
    actionsColumn(
      t('common.actions'),
      (r) => [
        editAction(t('actions.edit'), 'user:private:edit', () => setEditing(r)),
        // The client showed why a delete failed; the list is read again either way.
        deleteAction(t('actions.delete'), 'user:private:delete', t('actions.deleteConfirm'), () =>
          call(privatizationRoutes.remove, { query: { id: r.id }, notifySuccess: true })
            .catch(() => undefined)
            .then(() => list.refetch()),
        ),
      ],
      { fixed: 'right', width: 110 },
    ),
  ];

  return (
    <CrudListView<PrivateCustomerRow, Filter>
      testId="private-page"
      list={list}
      filters={[
        { name: 'name', label: t('private.name') },
        {
          name: 'deploymentStatus',
          label: t('private.deploymentStatus'),
          width: 150,
          options: statuses.options,
        },
      ]}
      columns={columns}
      scroll={{ x: 1600 }}
      toolbar={
        <AddButton permission="user:private:add" label={t('private.add')} onClick={() => setEditing(null)} />
      }
      exportTo={{
        permission: 'user:private:export',
        path: privatizationRoutes.exportXlsx.path,
        fileName: 'private-deployments.xlsx',
      }}
    >
      <Modal
        open={editing !== undefined}
        title={editing ? t('private.edit') : t('private.add')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.submit()}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        width={760}
        destroyOnHidden
      >
        <Form<CustomerForm>
          form={form}
          layout="vertical"
          onFinish={save}
          initialValues={{ deploymentStatus: '0', networkType: 'internet' }}
        >
          <Row gutter={16}>
            {FIELDS.map((f) => (
              <Col xs={24} md={12} key={f}>
                <Form.Item
                  name={f}
                  label={t(`private.${f}`)}
                  rules={[
                    { required: true, whitespace: true, message: t('rules.required') },
                    ...(f === 'email' ? [{ type: 'email' as const, message: t('rules.email') }] : []),
                  ]}
                >
                  <Input />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} md={12}>
              <Form.Item
                name="password"
                label={t('private.password')}
                extra={editing ? t('private.passwordKeep') : undefined}
                rules={editing ? [] : [{ required: true, message: t('rules.required') }]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="deploymentStatus"
                label={t('private.deploymentStatus')}
                rules={[{ required: true, message: t('rules.required') }]}
              >
                <Select options={statuses.options} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="networkType"
                label={t('private.networkType')}
                rules={[{ required: true, message: t('rules.required') }]}
              >
                <Select options={networks.options} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="interfaceUrl"
                label={t('private.interfaceUrl')}
                rules={[
                  { required: true, whitespace: true, message: t('rules.required') },
                  {
                    validator: (_, v?: string) =>
                      !v || isHttpUrl(v) ? Promise.resolve() : Promise.reject(new Error(t('rules.url'))),
                  },
                ]}
              >
                <Input placeholder="https://" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="remark" label={t('private.remark')}>
                <Input.TextArea rows={2} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Modal>
      <Modal
        open={revealed !== null}
        title={t('private.revealTitle', { name: revealed?.name ?? '' })}
        footer={null}
        onCancel={() => setRevealed(null)}
      >
        <Typography.Paragraph
          copyable={{ text: revealed?.password ?? '' }}
          code
          data-testid="revealed-password"
        >
          {revealed?.password}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('private.revealNote')}</Typography.Text>
      </Modal>
    </CrudListView>
  );
};
