import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { commandRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Input, Skeleton, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { ApiError } from '../../../api/httpClient';
import { pickMessage } from '../../../api/pickMessage';
import { ToolbarButton } from '../../../shared/crud';
import { formatTime } from '../../../shared/format/formatTime';
import { useCommandRound } from '../hooks/useCommandRound';

/** How long the console follows a properties request before saying the terminal timed out. */
const REPORT_WAIT_MS = 60_000;

const configKey = (sn: string) => ['terminal-config', sn] as const;

/** The properties whose key or value contains the search text (any case). */
export const filterProperties = <P extends { key: string; value: string }>(
  properties: P[],
  search: string,
) => {
  const needle = search.trim().toLowerCase();
  if (!needle) return properties;
  return properties.filter(
    (p) => p.key.toLowerCase().includes(needle) || p.value.toLowerCase().includes(needle),
  );
};

/**
 * The configuration tab: the properties the terminal last reported through a "device properties"
 * command, searchable, with when it reported them; the server's "no configuration" text until it
 * has, and a button that asks the terminal for them.
 */
export const TerminalConfigTab = ({ terminal }: { terminal: { sn: string; online: boolean } }) => {
  const { t, i18n } = useTranslation('commands');
  const language = i18n.language === 'en' ? 'en' : 'cn';
  const [search, setSearch] = useState('');
  const config = useQuery({
    queryKey: configKey(terminal.sn),
    queryFn: () =>
      call(commandRoutes.terminalConfig, { query: { sn: terminal.sn }, loading: false, silent: true }),
    retry: false,
  });
  const round = useCommandRound({
    sn: terminal.sn,
    command: { op: 'device_props' },
    waitMs: REPORT_WAIT_MS,
    refresh: configKey(terminal.sn),
  });
  const rows = useMemo(() => filterProperties(config.data?.properties ?? [], search), [config.data, search]);

  // The server's own text in the language shown now (it answers both), not the one of the call.
  const refusal =
    config.error instanceof ApiError && config.error.envelope
      ? pickMessage(config.error.envelope, language)
      : config.error
        ? config.error.message
        : null;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="device-config">
      {!terminal.online && <Alert type="warning" showIcon title={t('device.offline')} />}
      {round.timedOut && <Alert type="error" showIcon title={t('device.timeout')} />}
      {round.failed && <Alert type="error" showIcon title={round.failed} />}
      <Flex gap={12} wrap align="center" justify="space-between">
        {config.data ? (
          <Typography.Text type="secondary" data-testid="device-config-reported">
            {t('device.configReportedAt', {
              at: formatTime(config.data.reportedAt, true),
            })}
          </Typography.Text>
        ) : (
          <span />
        )}
        <ToolbarButton
          permission="remote:command:command"
          label={t('device.configRequest')}
          icon={<ReloadOutlined />}
          disabled={!terminal.online}
          loading={round.busy}
          onClick={() => void round.start().catch(() => undefined)}
          testId="device-config-request"
        />
      </Flex>
      {config.isLoading ? (
        <Skeleton active />
      ) : config.data ? (
        <>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('device.configSearch')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ maxWidth: 360 }}
            data-testid="device-config-search"
          />
          <Table
            size="small"
            rowKey="key"
            dataSource={rows}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            data-testid="device-config-table"
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            columns={[
              { title: t('device.configKey'), dataIndex: 'key', width: '45%' },
              {
                title: t('device.configValue'),
                dataIndex: 'value',
                render: (v: string) => (
                  <Typography.Text style={{ wordBreak: 'break-all' }}>{v}</Typography.Text>
                ),
              },
            ]}
          />
        </>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={<span data-testid="device-config-none">{refusal}</span>}
        />
      )}
    </Space>
  );
};
