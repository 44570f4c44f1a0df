import { CopyOutlined } from '@ant-design/icons';
import { type CommandDetail, type CommandEvent, userTopic } from '@cpm/contracts';
import { commandRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Drawer, Empty, Space, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { formatTime } from '../../../shared/format/formatTime';
import { useLiveTopic, useLiveUserId } from '../../../shared/live/LiveEventsProvider';
import { NotLoaded } from '../../../shared/page/NotLoaded';
import { CapturedFileList } from './CapturedFileList';
import { CommandResultTag } from './CommandResultTag';

export const commandKeys = {
  all: ['remote-commands'] as const,
  detail: (id: string) => ['remote-commands', 'detail', id] as const,
};

/** Copies text, saying so when the browser refuses ("clipboard write denied"). */
export const useCopy = () => {
  const { message } = App.useApp();
  const { t } = useTranslation('commands');
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      message.success(t('detail.copied'));
    } catch {
      message.error(t('detail.clipboardDenied'));
    }
  };
};

/**
 * One command: what was asked, and per terminal its state, result line, everything it printed (as
 * it prints it: live events refresh the view) and the files it sent back.
 */
export const CommandDetailDrawer = ({ id, onClose }: { id: string | null; onClose: () => void }) => {
  const { t, i18n } = useTranslation('commands');
  const queryClient = useQueryClient();
  const userId = useLiveUserId();
  const copy = useCopy();
  const detail = useQuery({
    queryKey: commandKeys.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: () => call(commandRoutes.detail, { query: { id: id as string }, loading: false }),
    // Results arrive as reports; while some are open the view is read again every two seconds.
    refetchInterval: (q) => ((q.state.data as CommandDetail | undefined)?.counts.open ? 2000 : false),
  });
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  useLiveTopic(userId && id ? userTopic(userId, 'command') : null, (payload) => {
    const e = payload as CommandEvent;
    if (e?.commandId !== id) return;
    pending.current ??= setTimeout(() => {
      pending.current = undefined;
      void queryClient.invalidateQueries({ queryKey: commandKeys.detail(e.commandId) });
    }, 250);
  });
  const d = detail.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      width="min(860px, 100vw)"
      title={d ? `${t(`ops.${d.op}`)}${d.summary ? ` · ${d.summary}` : ''}` : t('detail.title')}
      data-testid="command-detail"
      destroyOnHidden
    >
      {!d ? (
        <NotLoaded query={detail} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'by', label: t('history.by'), children: d.createdByName },
              {
                key: 'at',
                label: t('history.at'),
                children: formatTime(d.createdAt, true),
              },
              {
                key: 'expire',
                label: t('detail.expireAt'),
                children: formatTime(d.expireAt, true),
              },
              {
                key: 'counts',
                label: t('history.results'),
                children: <CommandResultTag counts={d.counts} />,
              },
            ]}
          />
          {d.results.length === 0 && <Empty />}
          {d.results.map((r) => (
            <Card
              key={r.sn}
              size="small"
              data-testid={`command-result-${r.sn}`}
              title={
                <Space wrap>
                  <Typography.Text strong>{r.sn}</Typography.Text>
                  {r.terminalName !== r.sn && (
                    <Typography.Text type="secondary">{r.terminalName}</Typography.Text>
                  )}
                  <Tag
                    data-testid="command-result-state"
                    color={
                      r.state === 'success'
                        ? 'success'
                        : r.state === 'failure'
                          ? 'error'
                          : r.state === 'expired' || r.state === 'cancelled'
                            ? 'default'
                            : 'processing'
                    }
                  >
                    {t(`state.${r.state}`)}
                  </Tag>
                  {!r.online && r.state === 'waiting' && <Tag>{t('detail.offlineWaiting')}</Tag>}
                  {r.deferReason && <Tag color="warning">{t(`defer.${r.deferReason}`)}</Tag>}
                </Space>
              }
              extra={
                r.output || r.message ? (
                  <Button
                    size="small"
                    type="text"
                    icon={<CopyOutlined />}
                    aria-label={t('detail.copy')}
                    onClick={() => void copy(r.output || r.message || '')}
                  />
                ) : null
              }
            >
              {r.failure && (
                <Alert
                  type="error"
                  showIcon
                  data-testid="command-result-failure"
                  style={{ marginBottom: 8 }}
                  message={i18n.language === 'en' ? r.failure.en : r.failure.zh}
                />
              )}
              {r.message && (
                <Typography.Paragraph data-testid="command-result-message" style={{ marginBottom: 8 }}>
                  {r.message}
                </Typography.Paragraph>
              )}
              {r.output ? (
                <pre className="cpm-command-output" data-testid="command-result-output">
                  {r.output}
                </pre>
              ) : (
                !r.message && <Typography.Text type="secondary">{t('detail.noOutput')}</Typography.Text>
              )}
              {r.files.length > 0 && <CapturedFileList files={r.files} />}
            </Card>
          ))}
        </Space>
      )}
    </Drawer>
  );
};
