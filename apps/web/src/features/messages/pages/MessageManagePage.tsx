import { SendOutlined } from '@ant-design/icons';
import type { MessageStatus, MessageVo, SaveMessageBody } from '@cpm/contracts';
import { messageRoutes } from '@cpm/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import { Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, showMessage } from '../../../api/http';
import { usePermission } from '../../../shared/auth/usePermission';
import {
  AddButton,
  actionsColumn,
  CrudListView,
  deleteAction,
  editAction,
  selectFilter,
  useCrudList,
} from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';
import { MessageDialog } from '../components/MessageDialog';
import { MessageEditor } from '../components/MessageEditor';
import { messageKeys } from '../hooks/messageKeys';

const MESSAGE_STATUSES = ['draft', 'published'] as const;

type Filter = {
  title?: string;
  status?: MessageStatus;
  /** The published time's range as ISO times. */
  publishedFrom?: string;
  publishedTo?: string;
};

const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** Message management: drafts, publishing to recipients, deleting; filtered by title, status and time. */
export const MessageManagePage = () => {
  const { t } = useTranslation('messages');
  const can = usePermission();
  const [editing, setEditing] = useState<{ message: MessageVo | null } | null>(null);
  const [viewing, setViewing] = useState<MessageVo | null>(null);
  const list = useCrudList<MessageVo, Filter>({
    queryKey: messageKeys.all,
    filterKeys: ['title', 'status', 'publishedFrom', 'publishedTo'],
    fetchPage: ({ current, size, title, status, publishedFrom, publishedTo }) =>
      call(messageRoutes.page, {
        query: { current, size, title, status, publishedFrom, publishedTo },
        loading: false,
      }),
  });
  const refresh = () => list.invalidate();

  const save = useMutation({
    mutationFn: async ({ body, publish }: { body: SaveMessageBody; publish: boolean }) => {
      const saved = await call(messageRoutes.save, { body });
      return publish ? call(messageRoutes.publish, { query: { id: saved.id } }) : saved;
    },
    onSuccess: (saved) => {
      showMessage('success', saved.status === 'published' ? t('manage.published') : t('manage.saved'));
      setEditing(null);
    },
    // A failed publish after a successful save still leaves a new draft to show.
    onSettled: () => void refresh(),
  });
  const publish = (id: string) =>
    call(messageRoutes.publish, { query: { id } })
      .then(() => showMessage('success', t('manage.published')))
      .finally(refresh);
  const remove = (id: string) =>
    call(messageRoutes.remove, { query: { id } })
      .then(() => showMessage('success', t('manage.deleted')))
      .finally(refresh);

  const recipients = (row: MessageVo) => {
    if (row.scope === 'all') return <Tag color="blue">{t('scope.all')}</Tag>;
    const names = row.targets.map((o) => o.name);
    return (
      <Tooltip title={names.join(', ')}>
        <span>
          <Tag>{t(`scope.${row.scope}`)}</Tag>
          {names.slice(0, 2).join(', ')}
          {names.length > 2 ? ` +${names.length - 2}` : ''}
        </span>
      </Tooltip>
    );
  };

  const columns: DataColumn<MessageVo>[] = [
    {
      key: 'title',
      title: t('manage.columns.title'),
      render: (_, row) => (
        <Typography.Link onClick={() => setViewing(row)} data-testid="message-row-title">
          {row.title}
        </Typography.Link>
      ),
    },
    {
      key: 'recipients',
      title: t('manage.columns.recipients'),
      render: (_, row) => recipients(row),
      width: 240,
      ellipsis: { showTitle: false },
      responsive: ['md'],
    },
    {
      key: 'status',
      title: t('manage.columns.status'),
      width: 100,
      render: (_, row) => (
        <Tag color={row.status === 'published' ? 'green' : 'default'}>{t(`status.${row.status}`)}</Tag>
      ),
    },
    {
      key: 'owner',
      title: t('manage.columns.owner'),
      dataIndex: 'ownerName',
      width: 140,
      responsive: ['lg'],
    },
    {
      key: 'publishedAt',
      title: t('manage.columns.publishedAt'),
      width: 160,
      render: (_, row) => formatTime(row.publishedAt),
      responsive: ['md'],
    },
    {
      key: 'readCount',
      title: t('manage.columns.readCount'),
      dataIndex: 'readCount',
      width: 80,
      responsive: ['lg'],
    },
    actionsColumn(
      t('manage.columns.actions'),
      (row) => [
        {
          ...editAction(t('manage.edit'), 'message:message:edit', () => setEditing({ message: row })),
          hidden: row.status !== 'draft',
        },
        {
          key: 'publish',
          label: t('manage.publish'),
          icon: <SendOutlined />,
          permission: 'message:message:publish',
          hidden: row.status !== 'draft',
          confirm: t('manage.confirmPublish', { title: row.title }),
          onClick: () => publish(row.id),
        },
        deleteAction(
          t('manage.delete'),
          'message:message:delete',
          t('manage.confirmDelete', { title: row.title }),
          () => remove(row.id),
        ),
      ],
      { fixed: 'right' },
    ),
  ];

  return (
    <CrudListView<MessageVo, Filter>
      testId="message-manage-page"
      list={list}
      filters={[
        { name: 'title', label: t('manage.titleFilter'), width: 200 },
        selectFilter('status', t('manage.statusFilter'), MESSAGE_STATUSES, (s) => t(`status.${s}`), 140),
        { name: 'publishedFrom', to: 'publishedTo', label: t('manage.publishedRange') },
      ]}
      columns={columns}
      toolbar={
        <AddButton
          permission="message:message:add"
          label={t('manage.new')}
          onClick={() => setEditing({ message: null })}
          testId="message-new"
        />
      }
    >
      <MessageEditor
        open={editing !== null}
        message={editing?.message ?? null}
        canPublish={can('message:message:publish')}
        saving={save.isPending}
        onCancel={() => setEditing(null)}
        onSave={(body, publishNow) => save.mutate({ body, publish: publishNow })}
      />
      <MessageDialog
        message={viewing}
        about={(message) => (
          <Space wrap>
            {recipients(message)}
            <Tag color={message.status === 'published' ? 'green' : 'default'}>
              {t(`status.${message.status}`)}
            </Tag>
            {formatTime(message.publishedAt)}
          </Space>
        )}
        onClose={() => setViewing(null)}
      />
    </CrudListView>
  );
};
