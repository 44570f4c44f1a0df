import { DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { type DictItem, type DictRow, dictsEndpoints } from '@cpm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { StatusTag } from '../components/StatusTag';
import { usePagedList } from '../hooks/usePagedList';

type DictForm = {
  code: string;
  name: string;
  englishName: string;
  description?: string;
  enabled: boolean;
  sort: number;
};
type ItemForm = { label: string; englishName: string; value: string; sort: number; enabled: boolean };

/** Dictionary management (`/user/dicInfo`): dictionaries and their items in both languages. */
export const DictsPage = () => {
  const { t, i18n } = useTranslation('accounts');
  const zh = i18n.language === 'zh';
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DictRow | null | undefined>(undefined);
  const [open, setOpen] = useState<DictRow | null>(null);
  const [item, setItem] = useState<DictItem | null | undefined>(undefined);
  const [form] = Form.useForm<DictForm>();
  const [itemForm] = Form.useForm<ItemForm>();
  const list = usePagedList<DictRow, { keyword?: string }>(
    'dicts',
    (q) => call(dictsEndpoints.page, { query: q }),
    {},
  );
  const items = useQuery({
    queryKey: ['dict-items', open?.id],
    queryFn: () => call(dictsEndpoints.items, { query: { dictId: open?.id ?? '' } }),
    enabled: open !== null,
  });
  const changed = () => {
    list.refetch();
    void items.refetch();
    void queryClient.invalidateQueries({ queryKey: ['dict-bundle'] });
  };

  useEffect(() => {
    if (editing === undefined) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ ...editing, description: editing.description ?? undefined });
  }, [editing, form]);
  useEffect(() => {
    if (item === undefined) return;
    itemForm.resetFields();
    if (item) itemForm.setFieldsValue(item);
  }, [item, itemForm]);

  const guard = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      changed();
      return true;
    } catch {
      return false;
    }
  };

  const columns: DataColumn<DictRow>[] = [
    { key: 'name', title: t('dict.name'), render: (_, d) => (zh ? d.name : d.englishName) },
    { key: 'code', title: t('dict.code'), dataIndex: 'code' },
    { key: 'items', title: t('dict.itemCount'), dataIndex: 'itemCount' },
    { key: 'enabled', title: t('user.status'), render: (_, d) => <StatusTag status={d.enabled} /> },
    { key: 'description', title: t('user.description'), dataIndex: 'description' },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, d) => (
        <Space size={0}>
          <Button
            type="link"
            icon={<UnorderedListOutlined />}
            onClick={() => setOpen(d)}
            aria-label={t('dict.items')}
          />
          <Auth permission="user:dict:edit">
            <Button
              type="link"
              icon={<EditOutlined />}
              onClick={() => setEditing(d)}
              aria-label={t('actions.edit')}
            />
          </Auth>
          <Auth permission="user:dict:delete">
            <Popconfirm
              title={t('actions.deleteConfirm')}
              onConfirm={() =>
                guard(() => call(dictsEndpoints.remove, { query: { id: d.id }, notifySuccess: true }))
              }
            >
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];

  const itemColumns: DataColumn<DictItem>[] = [
    { key: 'label', title: t('dict.label'), dataIndex: 'label' },
    { key: 'englishName', title: t('menu.englishName'), dataIndex: 'englishName' },
    { key: 'value', title: t('dict.value'), dataIndex: 'value' },
    { key: 'sort', title: t('menu.sort'), dataIndex: 'sort' },
    { key: 'enabled', title: t('dict.usable'), render: (_, i) => <StatusTag status={i.enabled} /> },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, i) => (
        <Space size={0}>
          <Auth permission="user:dict:edit">
            <Button
              type="link"
              icon={<EditOutlined />}
              onClick={() => setItem(i)}
              aria-label={t('actions.edit')}
            />
          </Auth>
          <Auth permission="user:dict:delete">
            <Popconfirm
              title={t('actions.deleteConfirm')}
              onConfirm={() =>
                guard(() => call(dictsEndpoints.removeItem, { query: { id: i.id }, notifySuccess: true }))
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
    <div className="cpm-page" data-testid="dicts-page">
      <Card variant="borderless">
        <Typography.Title level={4} className="cpm-page-title">
          {t('dict.title')}
        </Typography.Title>
        <DataTable<DictRow>
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          paging={list.paging}
          onRefresh={list.refetch}
          toolbar={
            <Space wrap>
              <Input.Search
                allowClear
                placeholder={t('dict.search')}
                onSearch={(keyword) => list.applyFilter(keyword ? { keyword } : {})}
                style={{ width: 220 }}
              />
              <Auth permission="user:dict:add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                  {t('dict.add')}
                </Button>
              </Auth>
            </Space>
          }
        />
      </Card>
      <Modal
        open={editing !== undefined}
        title={editing ? t('dict.edit') : t('dict.add')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.submit()}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        destroyOnHidden
      >
        <Form<DictForm>
          form={form}
          layout="vertical"
          initialValues={{ enabled: true, sort: 0 }}
          onFinish={async (v) => {
            if (
              await guard(() =>
                call(dictsEndpoints.save, { body: { ...v, id: editing?.id }, notifySuccess: true }),
              )
            )
              setEditing(undefined);
          }}
        >
          <Form.Item
            name="code"
            label={t('dict.code')}
            rules={[{ required: true, pattern: /^[a-z][a-z0-9_]*$/, message: t('dict.codeRule') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('dict.name')}
            rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="englishName"
            label={t('menu.englishName')}
            rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="description" label={t('user.description')}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="sort" label={t('menu.sort')}>
              <InputNumber min={0} />
            </Form.Item>
            <Form.Item name="enabled" label={t('user.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        size="large"
        title={open ? `${zh ? open.name : open.englishName} (${open.code})` : ''}
        extra={
          <Auth permission="user:dict:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setItem(null)}>
              {t('dict.addItem')}
            </Button>
          </Auth>
        }
      >
        <DataTable<DictItem>
          rowKey="id"
          columns={itemColumns}
          dataSource={items.data ?? []}
          loading={items.isFetching}
          onRefresh={() => void items.refetch()}
        />
      </Drawer>
      <Modal
        open={item !== undefined}
        title={item ? t('dict.editItem') : t('dict.addItem')}
        onCancel={() => setItem(undefined)}
        onOk={() => itemForm.submit()}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        destroyOnHidden
      >
        <Form<ItemForm>
          form={itemForm}
          layout="vertical"
          initialValues={{ enabled: true, sort: 0 }}
          onFinish={async (v) => {
            const body = { ...v, id: item?.id, dictId: open?.id ?? '' };
            if (await guard(() => call(dictsEndpoints.saveItem, { body, notifySuccess: true })))
              setItem(undefined);
          }}
        >
          <Form.Item
            name="label"
            label={t('dict.label')}
            rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="englishName"
            label={t('menu.englishName')}
            rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="value"
            label={t('dict.value')}
            rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="sort" label={t('menu.sort')}>
              <InputNumber min={0} />
            </Form.Item>
            <Form.Item name="enabled" label={t('dict.usable')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </div>
  );
};
