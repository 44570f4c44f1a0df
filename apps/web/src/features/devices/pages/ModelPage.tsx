import { devicesEndpoints } from '@cpm/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';

type Model = {
  id: string;
  name: string;
  description: string | null;
  state: number;
  terminalCount: number;
  createdAt: string;
};

/** Terminal models: name, description, state. */
export const ModelPage = () => {
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ current: 1, size: 14 });
  const [name, setName] = useState<string>();
  const [editing, setEditing] = useState<Partial<Model> | null>(null);
  const [form] = Form.useForm();
  const list = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'modelPage', page, name],
    queryFn: () => call(devicesEndpoints.modelPage, { query: { ...page, name }, loading: false }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });
  const save = async () => {
    const v = await form.validateFields();
    await call(devicesEndpoints.modelSave, { body: { ...v, id: editing?.id }, notifySuccess: true });
    setEditing(null);
    refresh();
  };
  const columns: DataColumn<Model>[] = [
    { key: 'name', title: t('modelName'), dataIndex: 'name' },
    { key: 'description', title: t('description'), dataIndex: 'description' },
    {
      key: 'state',
      title: t('state'),
      dataIndex: 'state',
      render: (s: number) => <Tag color={s ? 'green' : 'default'}>{s ? t('enabled') : t('disabled')}</Tag>,
    },
    { key: 'count', title: t('terminalCount'), dataIndex: 'terminalCount' },
    {
      key: 'createdAt',
      title: t('createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('actions'),
      render: (_, row) => (
        <Space>
          <Auth permission="device:model:edit">
            <Button
              type="link"
              size="small"
              onClick={() => {
                form.setFieldsValue(row);
                setEditing(row);
              }}
            >
              {t('edit')}
            </Button>
          </Auth>
          <Auth permission="device:model:delete">
            <Popconfirm
              title={t('confirmDeleteOne')}
              onConfirm={() =>
                call(devicesEndpoints.modelDelete, { body: { id: row.id }, notifySuccess: true }).then(
                  refresh,
                )
              }
            >
              <Button type="link" size="small" danger>
                {t('delete')}
              </Button>
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];
  return (
    <div className="cpm-page" data-testid="model-page">
      <Card variant="borderless">
        <DataTable<Model>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          columns={columns}
          onRefresh={refresh}
          paging={{
            ...page,
            total: list.data?.total ?? 0,
            onChange: (current, size) => setPage({ current, size }),
          }}
          toolbar={
            <Space wrap>
              <Input.Search
                allowClear
                placeholder={t('modelName')}
                onSearch={(v) => {
                  setName(v || undefined);
                  setPage((p) => ({ ...p, current: 1 }));
                }}
                style={{ width: 220 }}
              />
              <Auth permission="device:model:add">
                <Button
                  type="primary"
                  onClick={() => {
                    form.resetFields();
                    setEditing({});
                  }}
                >
                  {t('addEntry')}
                </Button>
              </Auth>
            </Space>
          }
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing?.id ? t('edit') : t('addEntry')}
        onCancel={() => setEditing(null)}
        onOk={() => void save().catch(() => undefined)}
        okText={t('save')}
        cancelText={t('cancel')}
      >
        <Form form={form} layout="vertical" initialValues={{ state: 1 }}>
          <Form.Item
            name="name"
            label={t('modelName')}
            rules={[{ required: true, message: t('rules.required') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="description" label={t('description')}>
            <Input.TextArea maxLength={500} />
          </Form.Item>
          <Form.Item name="state" label={t('state')}>
            <Select
              options={[
                { value: 1, label: t('enabled') },
                { value: 0, label: t('disabled') },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
};
