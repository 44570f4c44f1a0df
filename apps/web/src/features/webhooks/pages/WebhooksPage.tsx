import { ApiOutlined, KeyOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { WEBHOOK_EVENT_TYPES, type WebhookRow } from '@cpm/contracts';
import { webhooksRoutes } from '@cpm/contracts/routes';
import { Input, Select, Switch, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { AddButton } from '../../../shared/crud/AddButton';
import { CrudListView } from '../../../shared/crud/CrudListView';
import { CrudField, CrudFormModal } from '../../../shared/crud/LazyCrudForm';
import { lazySchema } from '../../../shared/crud/lazySchema';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { actionsColumn, deleteAction, editAction } from '../../../shared/crud/RowActions';
import { useCrudList } from '../../../shared/crud/useCrudList';
import type { DataColumn } from '../../../shared/table/DataTable';
import { DeliveriesDrawer } from '../components/DeliveriesDrawer';
import { SecretModal } from '../components/SecretModal';

type Filter = { name?: string };

/** The form's contract loads when the form first opens (with zod), not with the list. */
const webhookSaveSchema = lazySchema(() =>
  import('@cpm/contracts/webhooks/webhooks.contract').then((m) => m.WebhookSaveSchema),
);

/** Webhooks (`/user/webhooks`): subscriptions, their signing secret (shown once) and delivery log. */
export const WebhooksPage = () => {
  const { t } = useTranslation('webhooks');
  const [editing, setEditing] = useState<WebhookRow | null | undefined>(undefined);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookRow | null>(null);
  const list = useCrudList<WebhookRow, Filter>({
    queryKey: queryKeys.webhooks.all,
    filterKeys: ['name'],
    fetchPage: ({ sort: _sort, ...query }) => call(webhooksRoutes.page, { query }),
  });
  const eventOptions = WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: t(`events.${type}`) }));

  const columns: DataColumn<WebhookRow>[] = [
    { key: 'name', title: t('name'), dataIndex: 'name', fixed: 'left' },
    { key: 'url', title: t('url'), dataIndex: 'url' },
    {
      key: 'events',
      title: t('eventTypes'),
      render: (_, r) => (
        <Tooltip title={r.eventTypes.map((e) => t(`events.${e}`)).join(', ')}>
          <span>{t('eventCount', { count: r.eventTypes.length })}</span>
        </Tooltip>
      ),
    },
    {
      key: 'enabled',
      title: t('state'),
      render: (_, r) =>
        r.enabled ? (
          <Tag color="success">{t('enabled')}</Tag>
        ) : (
          <Tooltip title={r.disabledReason ? t('autoDisabled') : undefined}>
            <Tag color={r.disabledReason ? 'error' : 'default'}>{t('disabled')}</Tag>
          </Tooltip>
        ),
    },
    { key: 'failures', title: t('failures'), dataIndex: 'consecutiveFailures' },
    actionsColumn(
      t('actions'),
      (r) => [
        {
          key: 'deliveries',
          label: t('deliveries.open'),
          icon: <UnorderedListOutlined />,
          onClick: () => setLogOf(r),
        },
        {
          key: 'ping',
          label: t('ping'),
          icon: <ApiOutlined />,
          permission: 'user:webhook:edit',
          onClick: () =>
            call(webhooksRoutes.ping, { body: { id: r.id }, notifySuccess: true }).catch(() => undefined),
        },
        editAction(t('edit'), 'user:webhook:edit', () => setEditing(r)),
        {
          key: 'rotate',
          label: t('rotate'),
          icon: <KeyOutlined />,
          permission: 'user:webhook:edit',
          confirm: t('rotateConfirm'),
          onClick: () =>
            call(webhooksRoutes.rotateSecret, { body: { id: r.id } })
              .then((res) => setSecret(res.secret))
              .catch(() => undefined),
        },
        deleteAction(t('delete'), 'user:webhook:delete', t('deleteConfirm'), () =>
          call(webhooksRoutes.remove, { body: { id: r.id }, notifySuccess: true })
            .catch(() => undefined)
            .then(() => list.refetch()),
        ),
      ],
      { fixed: 'right', width: 150 },
    ),
  ];

  return (
    <CrudListView<WebhookRow, Filter>
      testId="webhooks-page"
      list={list}
      filters={[{ name: 'name', label: t('name') }]}
      columns={columns}
      scroll={{ x: 1000 }}
      toolbar={
        <AddButton
          permission="user:webhook:add"
          label={t('add')}
          onClick={() => setEditing(null)}
          testId="webhook-add"
        />
      }
    >
      <CrudFormModal
        open={editing !== undefined}
        title={editing ? t('edit') : t('add')}
        schema={webhookSaveSchema}
        initialValues={
          editing
            ? {
                id: editing.id,
                name: editing.name,
                url: editing.url,
                eventTypes: editing.eventTypes,
                enabled: editing.enabled,
              }
            : { enabled: true, eventTypes: [] }
        }
        onSubmit={async (body) => {
          const saved = await call(webhooksRoutes.save, { body, notifySuccess: true });
          if (saved.secret) setSecret(saved.secret);
          return saved;
        }}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          list.refetch();
        }}
        width={640}
        testId="webhook-form"
      >
        <CrudField name="name" label={t('name')}>
          <Input />
        </CrudField>
        <CrudField name="url" label={t('url')} extra={t('urlHelp')}>
          <Input placeholder="https://" />
        </CrudField>
        <CrudField name="eventTypes" label={t('eventTypes')}>
          <Select
            mode="multiple"
            options={eventOptions}
            placeholder={t('eventPick')}
            data-testid="webhook-events"
          />
        </CrudField>
        <CrudField name="enabled" label={t('state')} valuePropName="checked">
          <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} />
        </CrudField>
      </CrudFormModal>
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveriesDrawer subscription={logOf} onClose={() => setLogOf(null)} />
    </CrudListView>
  );
};
