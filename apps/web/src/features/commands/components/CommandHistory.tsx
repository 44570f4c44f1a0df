import type { CommandOp, CommandRow } from '@cpm/contracts';
import { commandRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Space, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { fixedPaging, readRows } from '../../../shared/table/readRows';
import { timeColumn } from '../../../shared/table/timeColumn';
import { useFocusableScroll } from '../../../shared/table/useFocusableScroll';
import { commandKeys } from './CommandDetailDrawer';
import { CommandResultTag } from './CommandResultTag';

const PAGE_SIZE = 10;

type CommandHistoryProps = {
  opOptions: { value: CommandOp; label: string }[];
  /** The page is the caller's: a command just run sends the list back to its first page. */
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: string) => void;
};

/** Every command with who ran it, when, on which terminals and how it went; polled while one runs. */
export const CommandHistory = ({ opOptions, page, onPage, onOpen }: CommandHistoryProps) => {
  const { t } = useTranslation('commands');
  const [filterOp, setFilterOp] = useState<CommandOp | undefined>();
  const box = useRef<HTMLDivElement>(null);
  // On a narrow screen the table scrolls sideways; its box takes the keyboard focus then.
  useFocusableScroll(box);
  const history = useQuery({
    queryKey: [...commandKeys.all, 'page', filterOp, page],
    queryFn: () =>
      call(commandRoutes.page, { query: { op: filterOp, current: page, size: PAGE_SIZE }, loading: false }),
    refetchInterval: (q) =>
      (q.state.data as { records: CommandRow[] } | undefined)?.records.some((r) => r.counts.open > 0)
        ? 3000
        : false,
  });
  return (
    <Card
      ref={box}
      variant="borderless"
      title={t('history.title')}
      extra={
        <Select
          allowClear
          placeholder={t('history.allCommands')}
          aria-label={t('history.allCommands')}
          options={opOptions}
          value={filterOp}
          onChange={(v) => {
            setFilterOp(v);
            onPage(1);
          }}
          style={{ minWidth: 160 }}
          data-testid="command-filter-op"
        />
      }
    >
      <Table<CommandRow>
        size="small"
        rowKey="id"
        loading={history.isLoading}
        {...readRows(history.data?.records, history)}
        scroll={{ x: 640 }}
        data-testid="command-history"
        onRow={(r) => ({ onClick: () => onOpen(r.id), style: { cursor: 'pointer' } })}
        pagination={fixedPaging(page, PAGE_SIZE, history.data?.total, onPage)}
        columns={[
          timeColumn('createdAt', t('history.at'), { seconds: true, width: 150 }),
          {
            title: t('history.command'),
            key: 'op',
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Typography.Text data-testid={`command-row-${r.id}`}>{t(`ops.${r.op}`)}</Typography.Text>
                {r.summary && (
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }}>
                    {r.summary}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('history.terminals'),
            key: 'sns',
            render: (_, r) => (r.counts.total > 1 ? `${r.sns[0]} +${r.counts.total - 1}` : (r.sns[0] ?? '-')),
          },
          {
            title: t('history.results'),
            key: 'counts',
            render: (_, r) => <CommandResultTag counts={r.counts} />,
          },
          { title: t('history.by'), dataIndex: 'createdByName', width: 110 },
        ]}
      />
    </Card>
  );
};
