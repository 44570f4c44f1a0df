import { devicesEndpoints } from '@cpm/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Modal, Popconfirm, Select, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';

type Row = {
  id: string;
  modelId: string;
  modelName: string;
  peripheralId: string;
  peripheralName: string;
  required: boolean;
};

/** Which peripherals each model is expected to carry. */
export const ModelPeripheralPage = () => {
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ current: 1, size: 14 });
  const [modelId, setModelId] = useState<string>();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const list = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'modelPeripheral', page, modelId],
    queryFn: () =>
      call(devicesEndpoints.modelPeripheralPage, { query: { ...page, modelId }, loading: false }),
    placeholderData: keepPreviousData,
  });
  const models = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'models'],
    queryFn: () => call(devicesEndpoints.modelList, { loading: false }),
  });
  const peripherals = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'peripherals'],
    queryFn: () => call(devicesEndpoints.peripheralList, { loading: false }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [FLEET_QUERY_ROOT] });
  const save = async () => {
    const v = await form.validateFields();
    await call(devicesEndpoints.modelPeripheralSave, { body: v, notifySuccess: true });
    setOpen(false);
    refresh();
  };
  const columns: DataColumn<Row>[] = [
    { key: 'model', title: t('model'), dataIndex: 'modelName' },
    { key: 'peripheral', title: t('peripheral'), dataIndex: 'peripheralName' },
    {
      key: 'required',
      title: t('required'),
      dataIndex: 'required',
      render: (r: boolean) => <Tag color={r ? 'blue' : 'default'}>{r ? t('yes') : t('no')}</Tag>,
    },
    {
      key: 'actions',
      title: t('actions'),
      render: (_, row) => (
        <Auth permission="device:modelPeripheral:delete">
          <Popconfirm
            title={t('confirmDeleteOne')}
            onConfirm={() =>
              call(devicesEndpoints.modelPeripheralDelete, {
                body: { id: row.id },
                notifySuccess: true,
              }).then(refresh)
            }
          >
            <Button type="link" size="small" danger>
              {t('delete')}
            </Button>
          </Popconfirm>
        </Auth>
      ),
    },
  ];
  const modelOptions = (models.data ?? []).map((m) => ({ value: m.id, label: m.name }));
  return (
    <div className="cpm-page" data-testid="model-peripheral-page">
      <Card variant="borderless">
        <DataTable<Row>
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
            <>
              <Select
                allowClear
                placeholder={t('model')}
                style={{ width: 180, marginInlineEnd: 8 }}
                options={modelOptions}
                onChange={(v) => setModelId(v)}
              />
              <Auth permission="device:modelPeripheral:add">
                <Button
                  type="primary"
                  onClick={() => {
                    form.resetFields();
                    setOpen(true);
                  }}
                >
                  {t('addEntry')}
                </Button>
              </Auth>
            </>
          }
        />
      </Card>
      <Modal
        open={open}
        title={t('addEntry')}
        onCancel={() => setOpen(false)}
        onOk={() => void save().catch(() => undefined)}
        okText={t('save')}
        cancelText={t('cancel')}
      >
        <Form form={form} layout="vertical" initialValues={{ required: true }}>
          <Form.Item
            name="modelId"
            label={t('model')}
            rules={[{ required: true, message: t('rules.required') }]}
          >
            <Select options={modelOptions} />
          </Form.Item>
          <Form.Item
            name="peripheralId"
            label={t('peripheral')}
            rules={[{ required: true, message: t('rules.required') }]}
          >
            <Select options={(peripherals.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
          </Form.Item>
          <Form.Item name="required" label={t('required')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
};
