import type { OperationLogRow } from '@cpm/contracts';
import { usersRoutes } from '@cpm/contracts/routes';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { CrudListView } from '../../../shared/crud/CrudListView';
import { selectFilter } from '../../../shared/crud/FilterBar';
import { queryKeys } from '../../../shared/crud/queryKeys';
import { useCrudList } from '../../../shared/crud/useCrudList';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';

type Filter = {
  actorName?: string;
  action?: string;
  result?: 'success' | 'failure';
  from?: string;
  to?: string;
};

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
  'session.end',
  'factor.enrol',
  'factor.reset',
  'factor.require',
  'factor.unrequire',
  'passkey.add',
  'passkey.rename',
  'passkey.remove',
  'passkey.passwordlessOn',
  'passkey.passwordlessOff',
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
  'serviceaccount.create',
  'serviceaccount.update',
  'serviceaccount.delete',
  'serviceaccount.key.issue',
  'serviceaccount.key.rotate',
  'serviceaccount.key.revoke',
  'serviceaccount.key.use',
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
  'webhook.create',
  'webhook.update',
  'webhook.rotate',
  'webhook.delete',
  'policy.create',
  'policy.update',
  'policy.delete',
  'policy.assign',
  'policy.unassign',
  'policy.converge',
  'alertRule.create',
  'alertRule.update',
  'alertRule.delete',
  'alert.acknowledge',
  'alert.close',
  'report.create',
  'report.update',
  'report.delete',
  'auditStream.save',
  'auditStream.test',
  'security.signIn',
  'security.signInFailed',
  'security.signOut',
  'security.permissionChange',
  'security.remoteSessionStart',
  'security.remoteSessionEnd',
  'security.shellCommand',
  'security.apiKeyUse',
];

/** Operation log (`/user/operationLog`): who did what, from where and when (shown in local time, stored in UTC). */
export const OperationLogPage = () => {
  const { t } = useTranslation('accounts');
  const list = useCrudList<OperationLogRow, Filter>({
    queryKey: queryKeys.operationLog.all,
    filterKeys: ['actorName', 'action', 'result', 'from', 'to'],
    fetchPage: ({ sort: _sort, ...query }) => call(usersRoutes.logPage, { query }),
  });
  const actionLabel = (a: string) => t(`oplog.actions.${a}`, { defaultValue: a });

  const columns: DataColumn<OperationLogRow>[] = [
    timeColumn('at', t('oplog.at'), { seconds: true }),
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
    <CrudListView<OperationLogRow, Filter>
      testId="oplog-page"
      list={list}
      filters={[
        { name: 'actorName', label: t('oplog.actor'), width: 140 },
        selectFilter('action', t('oplog.action'), ACTIONS, actionLabel, 180),
        selectFilter('result', t('oplog.result'), ['success', 'failure'], (r) => t(`oplog.${r}`), 120),
        { name: 'from', to: 'to', label: t('oplog.range') },
      ]}
      columns={columns}
      scroll={{ x: 1000 }}
      exportTo={{
        permission: 'user:oplog:export',
        path: usersRoutes.logExport.path,
        fileName: 'operation-log.xlsx',
      }}
    />
  );
};
