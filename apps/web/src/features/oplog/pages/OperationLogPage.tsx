import { DownloadOutlined } from '@ant-design/icons';
import type { OperationLogRow } from '@cpm/contracts';
import { usersRoutes } from '@cpm/contracts/routes';
import { Button, Card, DatePicker, Form, Input, Select, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { call, download } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { PageHeader } from '../../../shared/page/PageHeader';
import { type DataColumn, DataTable } from '../../../shared/table/DataTable';
import { compact, usePagedList } from '../../../shared/table/usePagedList';

type Filter = {
  actorName?: string;
  action?: string;
  result?: 'success' | 'failure';
  from?: string;
  to?: string;
};
type FilterForm = Omit<Filter, 'from' | 'to'> & { range?: [Dayjs, Dayjs] };

const ACTIONS = [
  'login',
  'user.create',
  'user.update',
  'user.roles',
  'user.enable',
  'user.disable',
  'user.delete',
  'user.approve',
  'user.reject',
  'password.change',
  'password.reset',
  'session.kick',
  'role.create',
  'role.update',
  'role.delete',
  'menu.create',
  'menu.update',
  'menu.delete',
  'account.register',
  'account.activate',
  'account.details',
  'private.reveal',
  'fence.create',
  'fence.update',
  'fence.delete',
  'payment.lock',
  'payment.unlock',
  'sysFile.upload',
  'sysFile.delete',
  'sysFile.quota',
  'app.upload',
  'app.delete',
  'app.launch',
  'app.unlaunch',
  'app.approve',
  'app.reject',
  'app.gray',
  'app.official',
  'app.pause',
  'app.rollback',
  'task.create',
  'task.stop',
  'task.restart',
  'task.resume',
  'task.retry',
  'task.delete',
  'task.approve',
  'task.reject',
  'whitelist.create',
  'whitelist.update',
  'whitelist.removeSns',
  'whitelist.delete',
];

/** Operation log (`/user/operationLog`): who did what, from where and when (shown in local time, stored in UTC). */
export const OperationLogPage = () => {
  const { t } = useTranslation('accounts');
  const list = usePagedList<OperationLogRow, Filter>(
    'oplog',
    (q) => call(usersRoutes.logPage, { query: q }),
    {},
  );
  const actionLabel = (a: string) => t(`oplog.actions.${a}`, { defaultValue: a });

  const columns: DataColumn<OperationLogRow>[] = [
    { key: 'at', title: t('oplog.at'), render: (_, r) => dayjs(r.at).format('YYYY-MM-DD HH:mm:ss') },
    { key: 'actor', title: t('oplog.actor'), dataIndex: 'actorName' },
    { key: 'ip', title: t('oplog.ip'), dataIndex: 'ip' },
    { key: 'action', title: t('oplog.action'), render: (_, r) => actionLabel(r.action) },
    { key: 'object', title: t('oplog.object'), render: (_, r) => r.objectName ?? r.objectId },
    {
      key: 'result',
      title: t('oplog.result'),
      render: (_, r) => (
        <Tag color={r.result === 'success' ? 'success' : 'error'}>{t(`oplog.${r.result}`)}</Tag>
      ),
    },
    { key: 'detail', title: t('oplog.detail'), dataIndex: 'detail' },
  ];

  return (
    <div className="cpm-page" data-testid="oplog-page">
      <PageHeader />
      <Card variant="borderless">
        <Form<FilterForm>
          layout="inline"
          style={{ rowGap: 12, marginBottom: 16 }}
          onFinish={({ range, ...rest }) =>
            list.applyFilter(
              compact({
                ...rest,
                from: range?.[0]?.startOf('day').toISOString(),
                to: range?.[1]?.endOf('day').toISOString(),
              }),
            )
          }
        >
          <Form.Item name="actorName" label={t('oplog.actor')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="action" label={t('oplog.action')}>
            <Select
              allowClear
              style={{ width: 180 }}
              options={ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
            />
          </Form.Item>
          <Form.Item name="result" label={t('oplog.result')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={[
                { value: 'success', label: t('oplog.success') },
                { value: 'failure', label: t('oplog.failure') },
              ]}
            />
          </Form.Item>
          <Form.Item name="range" label={t('oplog.range')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('actions.search')}
            </Button>
          </Form.Item>
        </Form>
        <DataTable<OperationLogRow>
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          loadError={list.error}
          paging={list.paging}
          onRefresh={list.refetch}
          scroll={{ x: 1000 }}
          toolbar={
            <Space>
              <Auth permission="user:oplog:export">
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void download({
                      method: 'GET',
                      path: usersRoutes.logExport.path,
                      query: list.filter,
                      fileName: 'operation-log.xlsx',
                    }).catch(() => undefined)
                  }
                >
                  {t('actions.export')}
                </Button>
              </Auth>
            </Space>
          }
        />
      </Card>
    </div>
  );
};
