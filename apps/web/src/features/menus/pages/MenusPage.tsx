import { PlusOutlined } from '@ant-design/icons';
import type { SysMenuNode } from '@cpm/contracts';
import { sysMenuRoutes } from '@cpm/contracts/routes';
import { Input, InputNumber, Radio, Row, Select, Space, Switch, Tag, TreeSelect } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import {
  AddButton,
  actionsColumn,
  CrudField,
  CrudFormModal,
  CrudListView,
  DictTag,
  deleteAction,
  editAction,
  GridField,
  lazySchema,
  queryKeys,
  useCrudTree,
  useDialogRecord,
} from '../../../shared/crud';
import { MENU_ICONS, menuIcon } from '../../../shared/menu/menuIcons';
import type { DataColumn } from '../../../shared/table/DataTable';
import { menuTreeData } from '../../../shared/tree/treeData';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const sysMenuSaveSchema = lazySchema(() =>
  import('@cpm/contracts/sysmenu/sysmenu.contract').then((m) => m.SysMenuSaveSchema),
);

const MENU_TYPES = [0, 1, 2, 3] as const;

/** The tree answers any number; the form offers only the known types. */
const menuTypeOf = (value: number) => MENU_TYPES.find((type) => type === value);

const TYPE_COLORS = ['purple', 'blue', 'green', 'orange'];

/** Menu management (`/user/sysMenu`, "add sysmenu"): the tree the console's menus and routes are built from. */
export const MenusPage = () => {
  const { t, i18n } = useTranslation('accounts');
  const zh = i18n.language === 'zh';
  const editing = useDialogRecord<{ menu: SysMenuNode | null; parentId: string | null }>(() => refresh());
  const tree = useCrudTree<SysMenuNode>({
    queryKey: queryKeys.menus.all,
    fetchTree: () => call(sysMenuRoutes.tree, { loading: false }),
  });
  const refresh = tree.refetch;

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
    {
      key: 'enabled',
      title: t('user.status'),
      render: (_, m) => <DictTag dict="enabled_status" value={m.enabled} />,
    },
    {
      key: 'hidden',
      title: t('menu.hidden'),
      render: (_, m) => (m.hidden ? t('common.yes') : t('common.no')),
    },
    actionsColumn(t('common.actions'), (m) => [
      {
        key: 'add-child',
        label: t('menu.addChild'),
        icon: <PlusOutlined />,
        permission: 'user:menu:add',
        hidden: m.menuType >= 3,
        onClick: () => editing.show({ menu: null, parentId: m.id }),
      },
      editAction(t('actions.edit'), 'user:menu:edit', () => editing.show({ menu: m, parentId: m.parentId })),
      deleteAction(t('actions.delete'), 'user:menu:delete', t('actions.deleteConfirm'), () =>
        call(sysMenuRoutes.remove, { query: { id: m.id }, notifySuccess: true }).then(refresh),
      ),
    ]),
  ];

  return (
    <CrudListView
      testId="menus-page"
      list={tree}
      columns={columns}
      scroll={{ x: 1000 }}
      toolbar={
        <AddButton
          permission="user:menu:add"
          label={t('menu.add')}
          onClick={() => editing.show({ menu: null, parentId: null })}
        />
      }
    >
      <CrudFormModal
        open={editing.record !== null}
        title={editing.record?.menu ? t('menu.edit') : t('menu.add')}
        schema={sysMenuSaveSchema}
        initialValues={
          editing.record?.menu
            ? { ...editing.record.menu, menuType: menuTypeOf(editing.record.menu.menuType) }
            : {
                parentId: editing.record?.parentId ?? null,
                menuType: 2,
                sysCode: 'cpm',
                enabled: true,
                hidden: false,
                sort: 0,
              }
        }
        width={680}
        testId="menu-form"
        onClose={editing.close}
        onSubmit={(values) =>
          call(sysMenuRoutes.save, {
            body: {
              ...values,
              id: editing.record?.menu?.id,
              parentId: values.parentId ?? null,
            },
            notifySuccess: true,
          })
        }
        onSaved={editing.saved}
      >
        <CrudField name="menuType" label={t('menu.type')}>
          <Radio.Group options={[0, 1, 2, 3].map((v) => ({ value: v, label: t(`menu.types.${v}`) }))} />
        </CrudField>
        <Row gutter={16}>
          <GridField name="name" label={t('menu.name')}>
            <Input />
          </GridField>
          <GridField name="menuEnglishName" label={t('menu.englishName')}>
            <Input />
          </GridField>
          <GridField name="sysCode" label={t('menu.sysCode')}>
            <Input />
          </GridField>
          <GridField name="parentId" label={t('menu.parent')}>
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              treeData={menuTreeData(tree.rows, zh, editing.record?.menu?.id)}
            />
          </GridField>
          <GridField name="url" label={t('menu.url')}>
            <Input />
          </GridField>
          <GridField name="permission" label={t('menu.permission')}>
            <Input placeholder="device:terminal:add" />
          </GridField>
          <GridField name="icon" label={t('menu.icon')}>
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
          </GridField>
          <GridField col={{ xs: 24, md: 4 }} name="sort" label={t('menu.sort')}>
            <InputNumber style={{ width: '100%' }} />
          </GridField>
          <GridField col={{ xs: 12, md: 4 }} name="enabled" label={t('user.enabled')} valuePropName="checked">
            <Switch />
          </GridField>
          <GridField col={{ xs: 12, md: 4 }} name="hidden" label={t('menu.hidden')} valuePropName="checked">
            <Switch />
          </GridField>
        </Row>
      </CrudFormModal>
    </CrudListView>
  );
};
