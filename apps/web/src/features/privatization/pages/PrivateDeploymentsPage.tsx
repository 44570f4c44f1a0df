import { EyeOutlined } from '@ant-design/icons';
import type { PrivateCustomerRow } from '@cpm/contracts';
import { privatizationRoutes } from '@cpm/contracts/routes';
import { Button, Col, Input, Modal, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { AddButton } from '../../../shared/crud/AddButton';
import { CrudListView } from '../../../shared/crud/CrudListView';
import { GridField } from '../../../shared/crud/GridField';
import { CrudField, CrudFormModal } from '../../../shared/crud/LazyCrudForm';
import { lazySchema } from '../../../shared/crud/lazySchema';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { actionsColumn, deleteAction, editAction } from '../../../shared/crud/RowActions';
import { useCrudList } from '../../../shared/crud/useCrudList';
import { useDict } from '../../../shared/dicts/useDict';
import type { DataColumn } from '../../../shared/table/DataTable';

type Filter = { name?: string; deploymentStatus?: string };

/** The form's contract loads when the form first opens (with zod), not with the list. */
const customerSaveSchema = lazySchema(() =>
  import('@cpm/contracts/privatization/privatization.contract').then((m) => m.PrivateCustomerSaveSchema),
);

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
  const list = useCrudList<PrivateCustomerRow, Filter>({
    queryKey: queryKeys.privateDeployments.all,
    filterKeys: ['name', 'deploymentStatus'],
    fetchPage: ({ sort: _sort, ...query }) => call(privatizationRoutes.page, { query }),
  });

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
      <CrudFormModal
        open={editing !== undefined}
        title={editing ? t('private.edit') : t('private.add')}
        schema={customerSaveSchema}
        initialValues={editing ?? { deploymentStatus: '0', networkType: 'internet' }}
        onSubmit={(body) => call(privatizationRoutes.save, { body, notifySuccess: true })}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          list.refetch();
        }}
        width={760}
        testId="private-form"
      >
        <Row gutter={16}>
          {FIELDS.map((f) => (
            <Col xs={24} md={12} key={f}>
              <CrudField name={f} label={t(`private.${f}`)}>
                <Input />
              </CrudField>
            </Col>
          ))}
          <GridField
            name="password"
            label={t('private.password')}
            extra={editing ? t('private.passwordKeep') : undefined}
            required={!editing}
          >
            <Input.Password autoComplete="new-password" />
          </GridField>
          <GridField name="deploymentStatus" label={t('private.deploymentStatus')}>
            <Select options={statuses.options} />
          </GridField>
          <GridField name="networkType" label={t('private.networkType')}>
            <Select options={networks.options} />
          </GridField>
          <GridField span="full" name="interfaceUrl" label={t('private.interfaceUrl')}>
            <Input placeholder="https://" />
          </GridField>
          <GridField span="full" name="remark" label={t('private.remark')}>
            <Input.TextArea rows={2} />
          </GridField>
        </Row>
      </CrudFormModal>
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
