import type { PeripheralSchema } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call } from '../../../api/http';
import {
  AddButton,
  actionsColumn,
  CrudFormModal,
  CrudListView,
  deleteAction,
  editAction,
  GridField,
  lazySchema,
  queryKeys,
  useCrudList,
  useDialogRecord,
} from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const peripheralSaveSchema = lazySchema(() =>
  import('@cpm/contracts/devices/peripherals.contract').then((m) => m.PeripheralSaveSchema),
);

type Peripheral = z.infer<typeof PeripheralSchema>;
type Filter = { name?: string; kind?: 'serial' | 'usb' };

/** Peripheral catalogue: serial or USB, PID, VID, name, manufacturer, brand, identifier, baud rate, authorization code. */
export const PeripheralPage = () => {
  const { t } = useTranslation('devices');
  const editing = useDialogRecord<Partial<Peripheral>>(() => list.invalidate());
  const list = useCrudList<Peripheral, Filter>({
    queryKey: queryKeys.peripherals.all,
    filterKeys: ['name', 'kind'],
    fetchPage: ({ current, size, name, kind }) =>
      call(devicesRoutes.peripheralPage, { query: { current, size, name, kind }, loading: false }),
  });
  const kinds = [
    { value: 'usb', label: t('kinds.usb') },
    { value: 'serial', label: t('kinds.serial') },
  ];
  const columns: DataColumn<Peripheral>[] = [
    { key: 'name', title: t('name'), dataIndex: 'name', sorter: true, sortOrder: list.sortOrderOf('name') },
    { key: 'kind', title: t('kind'), dataIndex: 'kind', render: (k: string) => t(`kinds.${k}`) },
    { key: 'vid', title: 'VID', dataIndex: 'vid' },
    { key: 'pid', title: 'PID', dataIndex: 'pid' },
    { key: 'manufacturer', title: t('manufacturer'), dataIndex: 'manufacturer' },
    { key: 'brand', title: t('brand'), dataIndex: 'brand' },
    { key: 'identifier', title: t('identifier'), dataIndex: 'identifier' },
    { key: 'baudRate', title: t('baudRate'), dataIndex: 'baudRate' },
    { key: 'authCode', title: t('authCode'), dataIndex: 'authCode' },
    actionsColumn(
      t('actions'),
      (row) => [
        editAction(t('edit'), 'device:peripheral:edit', () => editing.show(row)),
        deleteAction(t('delete'), 'device:peripheral:delete', t('confirmDeleteOne'), () =>
          call(devicesRoutes.peripheralDelete, { body: { id: row.id }, notifySuccess: true }).then(
            list.invalidate,
          ),
        ),
      ],
      { fixed: 'right' },
    ),
  ];
  return (
    <CrudListView<Peripheral, Filter>
      testId="peripheral-page"
      list={list}
      filters={[
        { name: 'name', label: t('name') },
        { name: 'kind', label: t('kind'), options: kinds },
      ]}
      columns={columns}
      localSort
      toolbar={
        <AddButton
          permission="device:peripheral:add"
          label={t('addEntry')}
          onClick={() => editing.show({})}
        />
      }
    >
      <CrudFormModal
        open={editing.record !== null}
        title={editing.record?.id ? t('edit') : t('addEntry')}
        schema={peripheralSaveSchema}
        initialValues={
          editing.record?.id
            ? Object.fromEntries(Object.entries(editing.record).filter(([, v]) => v !== null))
            : { kind: 'usb' }
        }
        onClose={editing.close}
        onSubmit={(values) =>
          call(devicesRoutes.peripheralSave, {
            body: { ...values, id: editing.record?.id },
            notifySuccess: true,
          })
        }
        onSaved={editing.saved}
      >
        <Row gutter={16}>
          <GridField name="kind" label={t('kind')}>
            <Select options={kinds} />
          </GridField>
          <GridField name="name" label={t('name')}>
            <Input />
          </GridField>
          <GridField col={{ xs: 12 }} name="vid" label="VID">
            <Input />
          </GridField>
          <GridField col={{ xs: 12 }} name="pid" label="PID">
            <Input />
          </GridField>
          <GridField name="manufacturer" label={t('manufacturer')}>
            <Input />
          </GridField>
          <GridField name="brand" label={t('brand')}>
            <Input />
          </GridField>
          <GridField name="identifier" label={t('identifier')}>
            <Input />
          </GridField>
          <GridField name="baudRate" label={t('baudRate')}>
            <InputNumber style={{ width: '100%' }} />
          </GridField>
          <GridField span="full" name="authCode" label={t('authCode')}>
            <Input />
          </GridField>
        </Row>
      </CrudFormModal>
    </CrudListView>
  );
};
