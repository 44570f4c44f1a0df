import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type SysMenuNode, sysMenuEndpoints } from '@cpm/contracts';
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
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { createElement, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { MENU_ICONS, menuIcon } from '../../../layout/menu/menuIcons';
import { Auth } from '../../../shared/auth/Auth';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { StatusTag } from '../components/StatusTag';
import { menuTreeData } from '../components/treeData';

type MenuForm = Omit<SysMenuNode, 'id' | 'children' | 'builtIn'> & { parentId: string | null };

const TYPE_COLORS = ['purple', 'blue', 'green', 'orange'];

/** Menu management (`/user/sysMenu`, "add sysmenu"): the tree the console's menus and routes are built from. */
export const MenusPage = () => {
  const { t, i18n } = useTranslation('accounts');
  const zh = i18n.language === 'zh';
  const [editing, setEditing] = useState<{ menu: SysMenuNode | null; parentId: string | null } | null>(null);
  const [form] = Form.useForm<MenuForm>();
  const tree = useQuery({ queryKey: ['sys-menu'], queryFn: () => call(sysMenuEndpoints.tree) });
  const refresh = () => void tree.refetch();

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      editing.menu ?? {
        parentId: editing.parentId,
        menuType: 2,
        sysCode: 'cpm',
        enabled: true,
        hidden: false,
        sort: 0,
      },
    );
  }, [editing, form]);

  const save = async (values: MenuForm) => {
    try {
      await call(sysMenuEndpoints.save, {
        body: {
          ...values,
          id: editing?.menu?.id,
          parentId: values.parentId ?? null,
          menuType: values.menuType as 0 | 1 | 2 | 3,
        },
        notifySuccess: true,
      });
      setEditing(null);
      refresh();
    } catch {
      // The client showed why.
    }
  };

  const columns: DataColumn<SysMenuNode>[] = [
    {
      key: 'name',
      title: t('menu.name'),
      render: (_, m) => (
        <Space>
          {m.icon ? createElement(menuIcon(m.icon)) : null}
          {zh ? m.name : m.menuEnglishName}
        </Space>
      ),
    },
    {
      key: 'type',
      title: t('menu.type'),
      render: (_, m) => <Tag color={TYPE_COLORS[m.menuType]}>{t(`menu.types.${m.menuType}`)}</Tag>,
    },
    { key: 'url', title: t('menu.url'), dataIndex: 'url' },
    { key: 'permission', title: t('menu.permission'), dataIndex: 'permission' },
    { key: 'sort', title: t('menu.sort'), dataIndex: 'sort' },
    { key: 'enabled', title: t('user.status'), render: (_, m) => <StatusTag status={m.enabled} /> },
    {
      key: 'hidden',
      title: t('menu.hidden'),
      render: (_, m) => (m.hidden ? t('common.yes') : t('common.no')),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, m) => (
        <Space size={0}>
          {m.menuType < 3 && (
            <Auth permission="user:menu:add">
              <Button
                type="link"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ menu: null, parentId: m.id })}
                aria-label={t('menu.addChild')}
              />
            </Auth>
          )}
          <Auth permission="user:menu:edit">
            <Button
              type="link"
              icon={<EditOutlined />}
              onClick={() => setEditing({ menu: m, parentId: m.parentId })}
              aria-label={t('actions.edit')}
            />
          </Auth>
          <Auth permission="user:menu:delete">
            <Popconfirm
              title={t('actions.deleteConfirm')}
              onConfirm={async () => {
                await call(sysMenuEndpoints.remove, { query: { id: m.id }, notifySuccess: true }).catch(
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

  return (
    <div className="cpm-page" data-testid="menus-page">
      <Card variant="borderless">
        <Typography.Title level={4} className="cpm-page-title">
          {t('menu.title')}
        </Typography.Title>
        <DataTable<SysMenuNode>
          rowKey="id"
          columns={columns}
          dataSource={tree.data ?? []}
          loading={tree.isFetching}
          onRefresh={refresh}
          scroll={{ x: 1000 }}
          toolbar={
            <Auth permission="user:menu:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ menu: null, parentId: null })}
              >
                {t('menu.add')}
              </Button>
            </Auth>
          }
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing?.menu ? t('menu.edit') : t('menu.add')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('actions.save')}
        cancelText={t('actions.cancel')}
        width={680}
        destroyOnHidden
      >
        <Form<MenuForm> form={form} layout="vertical" onFinish={save}>
          <Form.Item name="menuType" label={t('menu.type')}>
            <Radio.Group options={[0, 1, 2, 3].map((v) => ({ value: v, label: t(`menu.types.${v}`) }))} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="name"
                label={t('menu.name')}
                rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="menuEnglishName"
                label={t('menu.englishName')}
                rules={[{ required: true, whitespace: true, message: t('rules.required') }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="sysCode" label={t('menu.sysCode')}>
                <Input maxLength={16} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="parentId" label={t('menu.parent')}>
                <TreeSelect allowClear treeData={menuTreeData(tree.data ?? [], zh, editing?.menu?.id)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="url" label={t('menu.url')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="permission" label={t('menu.permission')}>
                <Input placeholder="device:terminal:add" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="icon" label={t('menu.icon')}>
                <Select
                  allowClear
                  showSearch
                  options={Object.keys(MENU_ICONS).map((name) => ({
                    value: name,
                    label: (
                      <Space>
                        {createElement(MENU_ICONS[name])}
                        {name}
                      </Space>
                    ),
                    search: name,
                  }))}
                  optionFilterProp="search"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item name="sort" label={t('menu.sort')}>
                <InputNumber min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="enabled" label={t('user.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="hidden" label={t('menu.hidden')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Modal>
    </div>
  );
};
