import { PoweroffOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../shared/crud';
import { PageTabs } from '../../../shared/detail/PageTabs';
import { useTabParam } from '../../../shared/detail/useTabParam';
import { ConnectBar } from '../components/ConnectBar';
import { PolicyList } from '../components/PolicyList';
import { RemoteControls, RemoteScreen } from '../components/RemoteViewer';
import { SessionsList } from '../components/SessionsList';
import { useRemoteSession } from '../hooks/useRemoteSession';

const TABS = ['live', 'sessions', 'policies'] as const;

/**
 * Remote desktop (`/remote/index`): pick an online terminal and see or drive its screen through
 * the relay; the sessions of the fleet with their recordings; consent policies per group.
 */
export const RemoteDesktopPage = () => {
  const { t } = useTranslation('remote');
  const [tab, setTab] = useTabParam(TABS);
  const session = useRemoteSession();
  const queryClient = useQueryClient();
  const state = session.view?.state;
  // The list follows the sessions this page opens and ends, and is fresh whenever its tab shows.
  useEffect(() => {
    if (state === 'active' || state === 'ended' || tab === 'sessions')
      void queryClient.invalidateQueries({ queryKey: queryKeys.remoteSessions.all });
  }, [state, tab, queryClient]);
  const running = session.ticket && session.view?.state !== 'ended';
  const live = (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card variant="borderless">
        <ConnectBar busy={Boolean(running)} onOpen={session.open} />
      </Card>
      {session.ticket ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Card
              variant="borderless"
              title={
                <Space wrap>
                  <Typography.Text strong data-testid="remote-sn">
                    {session.ticket.sn}
                  </Typography.Text>
                </Space>
              }
              extra={
                <Space wrap>
                  {session.view?.state === 'closed' && (
                    <Button
                      icon={<ReloadOutlined />}
                      data-testid="remote-reconnect"
                      onClick={() => void session.reconnect()}
                    >
                      {t('reconnect')}
                    </Button>
                  )}
                  {running && (
                    <Button
                      danger
                      icon={<PoweroffOutlined />}
                      data-testid="remote-end"
                      onClick={() => void session.end()}
                    >
                      {t('end')}
                    </Button>
                  )}
                  <Button data-testid="remote-leave" onClick={session.leave}>
                    {t('leave')}
                  </Button>
                </Space>
              }
            >
              <RemoteScreen session={session} />
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <RemoteControls session={session} />
          </Col>
        </Row>
      ) : (
        <Card variant="borderless">
          <Empty description={t('noSession')} />
        </Card>
      )}
    </Space>
  );
  return (
    <div className="cpm-page" data-testid="remote-page">
      <PageTabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'live', label: t('tabs.live'), children: live },
          { key: 'sessions', label: t('tabs.sessions'), children: <SessionsList /> },
          { key: 'policies', label: t('tabs.policies'), children: <PolicyList /> },
        ]}
      />
    </div>
  );
};
