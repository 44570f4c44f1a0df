import type { MessageStatus, MessageVo, SaveMessageBody } from '@cpm/contracts';
import { messageRoutes } from '@cpm/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, showMessage } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { usePermission } from '../../../shared/auth/usePermission';
import { AddButton } from '../../../shared/crud/AddButton';
import { PageHeader } from '../../../shared/page/PageHeader';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { TABLE_PAGINATION } from '../../../shared/table/pagination';
import { queryTableState } from '../../../shared/table/readRows';
import { MessageBody } from '../components/MessageBody';
import { MessageEditor } from '../components/MessageEditor';
import { messageKeys } from '../hooks/messageKeys';

type Filters = { title?: string; status?: MessageStatus; range?: [Dayjs | null, Dayjs | null] | null };

const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** Message management: drafts, publishing to recipients, deleting; filtered by title, status and time. */
export const MessageManagePage = () => {
  const { t } = useTranslation('messages');
  const { modal } = App.useApp();
  const can = usePermission();
  const queryClient = useQueryClient();
  const [filterForm] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState<{ current: number; size: number }>({
    current: TABLE_PAGINATION.current,
    size: TABLE_PAGINATION.size,
  });
  const [editing, setEditing] = useState<{ message: MessageVo | null } | null>(null);
  const [viewing, setViewing] = useState<MessageVo | null>(null);

  const query = {
    ...paging,
    title: filters.title?.trim() || undefined,
    status: filters.status,
    publishedFrom: filters.range?.[0]?.startOf('day').toISOString(),
    publishedTo: filters.range?.[1]?.endOf('day').toISOString(),
  };
  const list = useQuery({
    queryKey: messageKeys.manage(query),
    queryFn: () => call(messageRoutes.page, { query, loading: false }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });

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
  const publish = useMutation({
    mutationFn: (id: string) => call(messageRoutes.publish, { query: { id } }),
    onSuccess: () => showMessage('success', t('manage.published')),
    onSettled: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: string) => call(messageRoutes.remove, { query: { id } }),
    onSuccess: () => showMessage('success', t('manage.deleted')),
    onSettled: () => void refresh(),
  });

  const confirmPublish = (row: MessageVo) =>
    modal.confirm({
      title: t('manage.publish'),
      content: t('manage.confirmPublish', { title: row.title }),
      okText: t('manage.publish'),
      cancelText: t('manage.form.cancel'),
      okButtonProps: { className: 'cpm-message-publish-confirm' },
      onOk: () => publish.mutateAsync(row.id),
    });
  const confirmDelete = (row: MessageVo) =>
    modal.confirm({
      title: t('manage.delete'),
      content: t('manage.confirmDelete', { title: row.title }),
      okText: t('manage.delete'),
      cancelText: t('manage.form.cancel'),
      okButtonProps: { danger: true, className: 'cpm-message-delete-confirm' },
      onOk: () => remove.mutateAsync(row.id),
    });

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
    {
      key: 'actions',
      title: t('manage.columns.actions'),
      width: 200,
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          {row.status === 'draft' && can('message:message:edit') && (
            <Button type="link" size="small" onClick={() => setEditing({ message: row })}>
              {t('manage.edit')}
            </Button>
          )}
          {row.status === 'draft' && can('message:message:publish') && (
            <Button
              type="link"
              size="small"
              onClick={() => confirmPublish(row)}
              data-testid="message-publish"
            >
              {t('manage.publish')}
            </Button>
          )}
          <Auth permission="message:message:delete">
            <Button type="link" size="small" danger onClick={() => confirmDelete(row)}>
              {t('manage.delete')}
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  const applyFilters = (values: Filters) => {
    setFilters(values);
    setPaging((p) => ({ ...p, current: 1 }));
  };

  return (
    <div className="cpm-page" data-testid="message-manage-page">
      <PageHeader />
      <Card variant="borderless">
        <Form<Filters>
          form={filterForm}
          layout="inline"
          onFinish={applyFilters}
          className="cpm-message-filters"
        >
          <Form.Item name="title" label={t('manage.titleFilter')}>
            <Input allowClear maxLength={100} style={{ width: 200 }} data-testid="message-filter-title" />
          </Form.Item>
          <Form.Item name="status" label={t('manage.statusFilter')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={(['draft', 'published'] as const).map((value) => ({
                value,
                label: t(`status.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="range" label={t('manage.publishedRange')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ maxWidth: '100%' }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('manage.search')}
              </Button>
              <Button
                onClick={() => {
                  filterForm.resetFields();
                  applyFilters({});
                }}
              >
                {t('manage.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card variant="borderless">
        <DataTable<MessageVo>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.records ?? []}
          {...queryTableState(list)}
          paging={{
            current: paging.current,
            size: paging.size,
            total: list.data?.total ?? 0,
            onChange: (current, size) => setPaging({ current, size }),
          }}
          toolbar={
            <AddButton
              permission="message:message:add"
              label={t('manage.new')}
              onClick={() => setEditing({ message: null })}
              testId="message-new"
            />
          }
        />
      </Card>
      <MessageEditor
        open={editing !== null}
        message={editing?.message ?? null}
        canPublish={can('message:message:publish')}
        saving={save.isPending}
        onCancel={() => setEditing(null)}
        onSave={(body, publishNow) => save.mutate({ body, publish: publishNow })}
      />
      <Modal
        open={viewing !== null}
        title={viewing?.title}
        onCancel={() => setViewing(null)}
        footer={<Button onClick={() => setViewing(null)}>{t('mine.close')}</Button>}
        width={720}
        destroyOnHidden
      >
        {viewing && (
          <>
            <Typography.Paragraph type="secondary">
              <Space wrap>
                {recipients(viewing)}
                <Tag color={viewing.status === 'published' ? 'green' : 'default'}>
                  {t(`status.${viewing.status}`)}
                </Tag>
                {formatTime(viewing.publishedAt)}
              </Space>
            </Typography.Paragraph>
            <MessageBody html={viewing.content} />
          </>
        )}
      </Modal>
    </div>
  );
};
