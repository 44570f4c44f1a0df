import { DeleteOutlined, DragOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type GroupNode, groupsEndpoints, LIMITS } from '@cpm/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { useDict } from '../../../shared/dicts/useDict';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { toTreeSelect } from '../components/treeData';

type GroupForm = Omit<GroupNode, 'id' | 'children' | 'ownerId'>;
type Editing = { group: GroupNode | null; parentId: string | null };

/** Device groups (`/user/equipment`): the terminal-group tree, with add, edit, move and delete. */
export const GroupsPage = () => {
  const { t } = useTranslation('accounts');
  const types = useDict('group_type');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [moving, setMoving] = useState<GroupNode | null>(null);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [form] = Form.useForm<GroupForm>();
  const tree = useQuery({
    queryKey: ['group-tree', keyword],
    queryFn: () => call(groupsEndpoints.tree, { query: keyword ? { keyword } : {} }),
  });
  const refresh = () => void tree.refetch();

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.group ?? { parentId: editing.parentId, type: 'store', sort: 0 });
  }, [editing, form]);

  const save = async (values: GroupForm) => {
    try {
      await call(groupsEndpoints.save, {
        body: { ...values, id: editing?.group?.id, parentId: values.parentId ?? null },
        notifySuccess: true,
      });
      setEditing(null);
      refresh();
    } catch {
      // The client showed why.
    }
  };

  const columns: DataColumn<GroupNode>[] = [
    { key: 'name', title: t('group.name'), dataIndex: 'name' },
    { key: 'number', title: t('group.number'), dataIndex: 'number' },
    { key: 'type', title: t('group.type'), render: (_, g) => types.label(g.type) },
    { key: 'areaCode', title: t('group.areaCode'), dataIndex: 'areaCode' },
    { key: 'address', title: t('group.address'), dataIndex: 'address' },
    { key: 'contact', title: t('group.contact'), dataIndex: 'contact' },
    { key: 'phone', title: t('group.phone'), dataIndex: 'phone' },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, g) => (
        <Space size={0}>
          <Auth permission="user:group:add">
            <Button
              type="link"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ group: null, parentId: g.id })}
              aria-label={t('group.addChild')}
            />
          </Auth>
          <Auth permission="user:group:edit">
            <Button
              type="link"
              icon={<EditOutlined />}
              onClick={() => setEditing({ group: g, parentId: g.parentId })}
              aria-label={t('actions.edit')}
            />
          </Auth>
          <Auth permission="user:group:move">
            <Button
              type="link"
              icon={<DragOutlined />}
              onClick={() => {
                setMoveTo(g.parentId);
                setMoving(g);
              }}
              aria-label={t('group.move')}
            />
          </Auth>
          <Auth permission="user:group:delete">
            <Popconfirm
              title={t('actions.deleteConfirm')}
              onConfirm={async () => {
                await call(groupsEndpoints.remove, { query: { id: g.id }, notifySuccess: true }).catch(
                  () => undefined,
                );
                refresh();
              }}
            >
              <Button type="link" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];

  const parentOptions = toTreeSelect(tree.data ?? [], editing?.group?.id);
  return (
    <div className="cpm-page" data-testid="groups-page">
      <Card variant="borderless">
        <Typography.Title level={4} className="cpm-page-title">
          {t('group.title')}
        </Typography.Title>
        <DataTable<GroupNode>
          rowKey="id"
          columns={columns}
          dataSource={tree.data ?? []}
          loading={tree.isFetching}
          onRefresh={refresh}
          expandable={{ defaultExpandAllRows: true, childrenColumnName: 'children' }}
          scroll={{ x: 1000 }}
          toolbar={
            <Space wrap>
              <Input.Search
                allowClear
                placeholder={t('group.search')}
                onSearch={setKeyword}
                style={{ width: 220 }}
              />
              <Auth permission="user:group:add">
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ group: null, parentId: null })}
                  data-testid="group-add"
                >
                  {t('group.add')}
                </Button>
              </Auth>
            </Space>
          }
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing?.group ? t('group.edit') : t('group.add')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        width={640}
        destroyOnHidden
      >
        <Form<GroupForm> form={form} layout="vertical" onFinish={save} data-testid="group-form">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="name"
                label={t('group.name')}
                rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
              >
                <Input maxLength={LIMITS.nameMax} data-testid="group-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="number"
                label={t('group.number')}
                rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
              >
                <Input maxLength={LIMITS.nameMax} data-testid="group-number" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="type" label={t('group.type')}>
                <Select options={types.options} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="parentId" label={t('group.parent')}>
                <TreeSelect allowClear treeDefaultExpandAll treeData={parentOptions} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="areaCode" label={t('group.areaCode')}>
                <Input maxLength={32} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="sort" label={t('menu.sort')}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="address" label={t('group.address')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contact" label={t('group.contact')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="phone" label={t('group.phone')}>
                <Input maxLength={32} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Modal>
      <Modal
        open={moving !== null}
        title={t('group.moveTitle', { name: moving?.name ?? '' })}
        onCancel={() => setMoving(null)}
        okText={t('group.move')}
        cancelText={t('actions.cancel')}
        onOk={async () => {
          try {
            await call(groupsEndpoints.move, {
              body: { id: moving?.id ?? '', parentId: moveTo },
              notifySuccess: true,
            });
            setMoving(null);
            refresh();
          } catch {
            // The client showed why.
          }
        }}
        destroyOnHidden
      >
        <TreeSelect
          style={{ width: '100%' }}
          allowClear
          placeholder={t('group.topLevel')}
          treeDefaultExpandAll
          value={moveTo ?? undefined}
          onChange={(v) => setMoveTo((v as string | undefined) ?? null)}
          treeData={toTreeSelect(tree.data ?? [], moving?.id)}
        />
      </Modal>
    </div>
  );
};
