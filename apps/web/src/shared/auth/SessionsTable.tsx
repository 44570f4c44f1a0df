import type { SignedInSession } from '@cpm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../format/formatTime';
import { readRows } from '../table/readRows';

/** A user agent in a few words: the browser and the system it names, else the start of it. */
export const describeAgent = (agent: string | null): string => {
  if (!agent) return '-';
  // Edge and Chrome name Chrome and Safari too: the most particular name wins.
  const browser = [
    /Edg\/[\d.]+/,
    /Firefox\/[\d.]+/,
    /Chrome\/[\d.]+/,
    /Version\/[\d.]+ (Mobile\/\w+ )?Safari/,
  ]
    .map((pattern) => pattern.exec(agent)?.[0])
    .find(Boolean)
    ?.replace('Edg/', 'Edge/')
    .replace(/^Version\/([\d.]+).*Safari$/, 'Safari/$1');
  const system = /(Windows NT [\d.]+|Mac OS X [\d_]+|Android [\d.]+|iPhone OS [\d_]+|Linux)/.exec(agent)?.[0];
  return browser || system ? [browser, system].filter(Boolean).join(' · ') : agent.slice(0, 40);
};

/**
 * The live sessions of one account, each with an "End" button; ending the calling session is
 * signing out, which `onEndedCurrent` handles. Used on one's own security page and by an
 * administrator for an account.
 */
export const SessionsTable = ({
  queryKey,
  fetch,
  end,
  canEnd = true,
  onEndedCurrent,
  testId,
}: {
  queryKey: readonly unknown[];
  fetch: () => Promise<SignedInSession[]>;
  end: (id: string) => Promise<unknown>;
  canEnd?: boolean;
  onEndedCurrent?: () => void;
  testId: string;
}) => {
  const { t } = useTranslation('auth');
  const client = useQueryClient();
  const sessions = useQuery({ queryKey, queryFn: fetch, refetchOnMount: 'always' });

  const endOne = async (session: SignedInSession) => {
    try {
      await end(session.id);
    } catch {
      // The client showed why.
      return;
    }
    if (session.current) onEndedCurrent?.();
    else void client.invalidateQueries({ queryKey });
  };

  return (
    <Table<SignedInSession>
      data-testid={testId}
      rowKey="id"
      size="small"
      pagination={false}
      loading={sessions.isFetching}
      scroll={{ x: 640 }}
      {...readRows(sessions.data, sessions, t('sessions.empty'))}
      columns={[
        {
          key: 'device',
          title: t('sessions.device'),
          render: (_, s) => (
            <span>
              <Tooltip title={s.userAgent ?? ''}>
                <Typography.Text>{describeAgent(s.userAgent)}</Typography.Text>
              </Tooltip>
              {s.current && (
                <Tag color="green" style={{ marginInlineStart: 8 }} data-testid="session-current">
                  {t('sessions.current')}
                </Tag>
              )}
            </span>
          ),
        },
        {
          key: 'ip',
          title: t('sessions.address'),
          dataIndex: 'ip',
          render: (ip: string | null) => ip ?? '-',
        },
        {
          key: 'createdAt',
          title: t('sessions.signedInAt'),
          dataIndex: 'createdAt',
          render: (v: string) => formatTime(v),
        },
        {
          key: 'lastSeenAt',
          title: t('sessions.lastActive'),
          dataIndex: 'lastSeenAt',
          render: (v: string) => formatTime(v),
        },
        ...(canEnd
          ? [
              {
                key: 'actions',
                title: t('sessions.actions'),
                render: (_: unknown, s: SignedInSession) => (
                  <Popconfirm
                    title={s.current ? t('sessions.endCurrentConfirm') : t('sessions.endConfirm')}
                    onConfirm={() => endOne(s)}
                  >
                    <Button danger size="small" data-testid="session-end">
                      {t('sessions.end')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]
          : []),
      ]}
    />
  );
};
