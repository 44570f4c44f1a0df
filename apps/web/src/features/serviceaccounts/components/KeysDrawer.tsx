import { KeyOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { ApiKeyRow, ApiKeyStatus, ServiceAccountRow } from '@cpm/contracts';
import { serviceAccountsRoutes } from '@cpm/contracts/routes';
import { Drawer, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { RowActions } from '../../../shared/crud/RowActions';
import { ToolbarButton } from '../../../shared/crud/ToolbarButton';
import { formatTime } from '../../../shared/format/formatTime';
import { scopeLabel } from '../scopeLabels';

const STATUS_COLOR: Record<ApiKeyStatus, string> = {
  active: 'success',
  rotating: 'processing',
  expired: 'default',
  revoked: 'error',
};

type Props = {
  account: ServiceAccountRow | null;
  onClose: () => void;
  onIssue: () => void;
  onRotate: (key: ApiKeyRow) => void;
  /** Told after a revocation, so the list is read again. */
  onChanged: () => void;
};

/** A service account's keys: prefix, scopes, expiry, last use and status, with issue, rotate and revoke. */
export const KeysDrawer = ({ account, onClose, onIssue, onRotate, onChanged }: Props) => {
  const { t, i18n } = useTranslation('serviceaccounts');
  const usable = (k: ApiKeyRow) => k.status === 'active' || k.status === 'rotating';
  return (
    <Drawer
      open={account !== null}
      title={t('keys.title', { name: account?.name ?? '' })}
      width="min(1100px, 100vw)"
      onClose={onClose}
      extra={
        <ToolbarButton
          type="primary"
          icon={<KeyOutlined />}
          permission="user:serviceaccount:keys"
          label={t('issue.action')}
          testId="issue-key"
          onClick={onIssue}
        />
      }
    >
      <Table<ApiKeyRow>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={account?.keys ?? []}
        data-testid="keys-table"
        columns={[
          {
            key: 'prefix',
            title: t('key.prefix'),
            render: (_, k) => (
              <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                {k.prefix}
              </Typography.Text>
            ),
          },
          { key: 'name', title: t('key.name'), dataIndex: 'name' },
          {
            key: 'scopes',
            title: t('key.scopes'),
            render: (_, k) => (
              <Space size={[0, 4]} wrap>
                {k.scopes.map((s) => (
                  <Tag key={s} title={scopeLabel(s, i18n.language, t('key.view'))}>
                    {s}
                  </Tag>
                ))}
              </Space>
            ),
          },
          { key: 'expiresAt', title: t('key.expiresAt'), render: (_, k) => formatTime(k.expiresAt) },
          {
            key: 'lastUsed',
            title: t('key.lastUsed'),
            render: (_, k) =>
              k.lastUsedAt ? `${formatTime(k.lastUsedAt)} · ${k.lastUsedIp ?? ''}` : t('key.neverUsed'),
          },
          {
            key: 'status',
            title: t('key.status'),
            render: (_, k) => (
              <Tag color={STATUS_COLOR[k.status]} data-testid={`key-status-${k.prefix}`}>
                {t(`status.${k.status}`)}
              </Tag>
            ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            fixed: 'right',
            width: 100,
            render: (_, k) => (
              <RowActions
                actions={[
                  {
                    key: 'rotate',
                    label: t('rotate.action'),
                    icon: <ReloadOutlined />,
                    permission: 'user:serviceaccount:keys',
                    hidden: k.status !== 'active',
                    onClick: () => onRotate(k),
                  },
                  {
                    key: 'revoke',
                    label: t('revoke.action'),
                    icon: <StopOutlined />,
                    permission: 'user:serviceaccount:keys',
                    danger: true,
                    confirm: t('revoke.confirm', { prefix: k.prefix }),
                    hidden: !usable(k),
                    onClick: () =>
                      call(serviceAccountsRoutes.revokeKey, { body: { id: k.id }, notifySuccess: true })
                        .catch(() => undefined)
                        .then(onChanged),
                  },
                ]}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
};
