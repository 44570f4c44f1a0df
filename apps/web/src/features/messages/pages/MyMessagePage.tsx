import { CheckOutlined } from '@ant-design/icons';
import type { MyMessageVo } from '@cpm/contracts';
import { messageRoutes } from '@cpm/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Grid, Input, Segmented, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, showMessage } from '../../../api/http';
import { CrudListView, useCrudList } from '../../../shared/crud';
import type { DataColumn } from '../../../shared/table/DataTable';
import { MessageDialog } from '../components/MessageDialog';
import { messageKeys } from '../hooks/messageKeys';
import { htmlToText } from '../messageHtml';
import { NOTICE_NAMESPACES, readableMessage } from '../noticeText';

const READ_FILTERS = ['all', 'unread', 'read'] as const;
type ReadFilter = (typeof READ_FILTERS)[number];
type Filter = { title?: string; read?: 'true' | 'false' };
const READ_QUERY: Record<ReadFilter, Filter['read']> = {
  all: undefined,
  unread: 'false',
  read: 'true',
};

const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** The signed-in user's messages (opened by the bell): read and unread; a row opens its message. */
export const MyMessagePage = () => {
  const { t } = useTranslation(NOTICE_NAMESPACES);
  const queryClient = useQueryClient();
  const list = useCrudList<MyMessageVo, Filter>({
    queryKey: messageKeys.mine,
    filterKeys: ['title', 'read'],
    fetchPage: ({ current, size, title, read }) =>
      call(messageRoutes.myPage, { query: { current, size, title, read }, loading: false }),
  });
  const filter = READ_FILTERS.find((f) => READ_QUERY[f] === list.filter.read) ?? 'all';
  const [opened, setOpened] = useState<MyMessageVo | null>(null);
  // On a phone the list is one column: title with its unread dot and time below.
  const narrow = !Grid.useBreakpoint().sm;
  const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });

  const open = useMutation({
    mutationFn: (row: MyMessageVo) => call(messageRoutes.read, { query: { msgId: row.id }, loading: false }),
    onMutate: (row) => setOpened(row),
    onSuccess: (message) => {
      // The full message replaces the row only while it is still open: closed before the call
      // returned, it stays closed.
      setOpened((current) => (current?.id === message.id ? message : current));
      void refresh();
    },
  });
  const readAll = useMutation({
    mutationFn: () => call(messageRoutes.readAll),
    onSuccess: ({ marked }) => {
      showMessage('success', marked ? t('mine.markedAll', { count: marked }) : t('mine.nothingUnread'));
      void refresh();
    },
  });

  const columns: DataColumn<MyMessageVo>[] = [
    {
      key: 'state',
      title: t('mine.columns.state'),
      width: 100,
      className: 'cpm-my-message-state',
      responsive: ['sm'],
      render: (_, row) =>
        row.read ? (
          <Tag>{t('mine.read')}</Tag>
        ) : (
          <Badge status="processing" text={t('mine.unread')} data-testid="message-unread-mark" />
        ),
    },
    {
      key: 'title',
      title: t('mine.columns.title'),
      render: (_, row) => (
        // The dot keeps to the title's first line however many lines the title takes.
        <div className="cpm-my-message-cell">
          {narrow && !row.read && <Badge status="processing" className="cpm-my-message-dot" />}
          <div>
            <button
              type="button"
              className={`cpm-my-message-title${row.read ? '' : ' is-unread'}`}
              data-testid="my-message-title"
            >
              {readableMessage(row, t).title}
            </button>
            {narrow && (
              <Typography.Text type="secondary" className="cpm-my-message-time">
                {formatTime(row.publishedAt)}
              </Typography.Text>
            )}
          </div>
        </div>
      ),
    },
    // Below 1200 px the title needs the room more than the content's start and the sender do.
    {
      key: 'preview',
      title: t('mine.columns.preview'),
      ellipsis: true,
      responsive: ['xl'],
      render: (_, row) => (
        <Typography.Text type="secondary">{htmlToText(readableMessage(row, t).content)}</Typography.Text>
      ),
    },
    {
      key: 'publisher',
      title: t('mine.columns.publisher'),
      width: 160,
      render: (_, row) => readableMessage(row, t).publisherName,
      responsive: ['xl'],
    },
    {
      key: 'publishedAt',
      title: t('mine.columns.publishedAt'),
      width: 170,
      responsive: ['sm'],
      render: (_, row) => formatTime(row.publishedAt),
    },
  ];

  return (
    <CrudListView<MyMessageVo, Filter>
      testId="my-messages-page"
      list={list}
      columns={columns}
      // A click anywhere on the row opens the message; the title's button, whose click reaches
      // the row too, is the way in for the keyboard and screen readers.
      onRow={(row) => ({
        className: 'cpm-my-message-row',
        'data-testid': 'my-message-row',
        onClick: () => open.mutate(row),
      })}
      // The columns fit the width: a long title wraps rather than scrolling, and a phone shows
      // one column with the unread dot before the title.
      scroll={{}}
      toolbar={
        <Space wrap>
          <Segmented<ReadFilter>
            value={filter}
            onChange={(value) => list.applyFilter({ ...list.filter, read: READ_QUERY[value] })}
            options={READ_FILTERS.map((value) => ({
              value,
              label: <span data-testid={`my-messages-filter-${value}`}>{t(`mine.filter.${value}`)}</span>,
            }))}
          />
          <Input.Search
            allowClear
            defaultValue={list.filter.title}
            placeholder={t('mine.columns.title')}
            onSearch={(value) => list.applyFilter({ ...list.filter, title: value.trim() || undefined })}
            style={{ width: 220 }}
          />
          <Button
            icon={<CheckOutlined />}
            onClick={() => readAll.mutate()}
            loading={readAll.isPending}
            data-testid="my-messages-read-all"
          >
            {t('mine.markAllRead')}
          </Button>
        </Space>
      }
    >
      <MessageDialog
        message={opened && readableMessage(opened, t)}
        about={(message) => (
          <>
            {t('mine.from', { name: message.publisherName })} · {formatTime(message.publishedAt)}
          </>
        )}
        onClose={() => setOpened(null)}
        testId="my-message-detail"
        contentTestId="my-message-content"
      />
    </CrudListView>
  );
};
