import { devicesEndpoints } from '@cpm/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';

type Peripheral = {
  id: string;
  kind: 'serial' | 'usb';
  pid: string | null;
  vid: string | null;
  name: string;
  manufacturer: string | null;
  brand: string | null;
  identifier: string | null;
  baudRate: number | null;
  authCode: string | null;
};

const HEX = /^[0-9A-Fa-f]{1,4}$/;

/** Peripheral catalogue: serial or USB, PID, VID, name, manufacturer, brand, identifier, baud rate, authorization code. */
export const PeripheralPage = () => {
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ current: 1, size: 14 });
  const [editing, setEditing] = useState<Partial<Peripheral> | null>(null);
  const [form] = Form.useForm();
  const list = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'peripheralPage', page],
    queryFn: () => call(devicesEndpoints.peripheralPage, { query: page, loading: false }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });
  const save = async () => {
    const v = await form.validateFields();
    const clean = Object.fromEntries(
      Object.entries(v).filter(([, x]) => x !== undefined && x !== null && x !== ''),
    );
    await call(devicesEndpoints.peripheralSave, {
      body: { ...clean, id: editing?.id } as never,
      notifySuccess: true,
    });
    setEditing(null);
    refresh();
  };
  const columns: DataColumn<Peripheral>[] = [
    { key: 'name', title: t('name'), dataIndex: 'name' },
    { key: 'kind', title: t('kind'), dataIndex: 'kind', render: (k: string) => t(`kinds.${k}`) },
    { key: 'vid', title: 'VID', dataIndex: 'vid' },
    { key: 'pid', title: 'PID', dataIndex: 'pid' },
    { key: 'manufacturer', title: t('manufacturer'), dataIndex: 'manufacturer' },
    { key: 'brand', title: t('brand'), dataIndex: 'brand' },
    { key: 'identifier', title: t('identifier'), dataIndex: 'identifier' },
    { key: 'baudRate', title: t('baudRate'), dataIndex: 'baudRate' },
    { key: 'authCode', title: t('authCode'), dataIndex: 'authCode' },
    {
      key: 'actions',
      title: t('actions'),
      render: (_, row) => (
        <Space>
          <Auth permission="device:peripheral:edit">
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
          <Auth permission="device:peripheral:delete">
            <Popconfirm
              title={t('confirmDeleteOne')}
              onConfirm={() =>
                call(devicesEndpoints.peripheralDelete, { body: { id: row.id }, notifySuccess: true }).then(
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
    <div className="cpm-page" data-testid="peripheral-page">
      <Card variant="borderless">
        <DataTable<Peripheral>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          columns={columns}
          scroll={{ x: 'max-content' }}
          onRefresh={refresh}
          paging={{
            ...page,
            total: list.data?.total ?? 0,
            onChange: (current, size) => setPage({ current, size }),
          }}
          toolbar={
            <Auth permission="device:peripheral:add">
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
        <Form form={form} layout="vertical" initialValues={{ kind: 'usb' }}>
          <Form.Item name="kind" label={t('kind')} rules={[{ required: true }]}>
            <Select
              options={[
                { value: 'usb', label: t('kinds.usb') },
                { value: 'serial', label: t('kinds.serial') },
              ]}
            />
          </Form.Item>
          <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('rules.required') }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Space>
            <Form.Item name="vid" label="VID" rules={[{ pattern: HEX, message: t('rules.hex') }]}>
              <Input />
            </Form.Item>
            <Form.Item name="pid" label="PID" rules={[{ pattern: HEX, message: t('rules.hex') }]}>
              <Input />
            </Form.Item>
          </Space>
          <Form.Item name="manufacturer" label={t('manufacturer')}>
            <Input />
          </Form.Item>
          <Form.Item name="brand" label={t('brand')}>
            <Input />
          </Form.Item>
          <Form.Item name="identifier" label={t('identifier')}>
            <Input />
          </Form.Item>
          <Form.Item name="baudRate" label={t('baudRate')}>
            <InputNumber min={300} max={4000000} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="authCode" label={t('authCode')}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
};
