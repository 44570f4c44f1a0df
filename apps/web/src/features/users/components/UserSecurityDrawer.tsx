import type { UserRow } from '@cpm/contracts';
import { factorsRoutes, sessionsRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { SessionsTable } from '../../../shared/auth/SessionsTable';
import { usePermission } from '../../../shared/auth/usePermission';
import { formatTime } from '../../../shared/format/formatTime';
import { NotLoaded } from '../../../shared/page/NotLoaded';

const RULES_KEY = ['factors', 'rules'] as const;

/** The catalogue key of each enterprise rule's switch (its help text under `<key>Help`). */
const RULE_LABELS = { enterprise: 'user.requireEnterprise', passwordless: 'user.allowPasswordless' } as const;

/**
 * An account's security for its administrator: its second factor (with a reset), whether its
 * enterprise requires one (for an enterprise's top account), and its live sessions, each of which
 * can be ended.
 */
export const UserSecurityDrawer = ({ user, onClose }: { user: UserRow | null; onClose: () => void }) => {
  const { t } = useTranslation('accounts');
  const can = usePermission();
  const client = useQueryClient();
  const id = user?.id ?? '';
  const factorKey = ['factors', 'ofUser', id] as const;
  const status = useQuery({
    queryKey: factorKey,
    queryFn: () => call(factorsRoutes.ofUser, { query: { id }, loading: false }),
    enabled: user !== null,
    refetchOnMount: 'always',
  });
  const rules = useQuery({
    queryKey: RULES_KEY,
    queryFn: () => call(factorsRoutes.rules, { loading: false }),
    enabled: user !== null && can('user:user:edit'),
  });
  const ruleOn = (kind: 'enterprise' | 'passwordless') =>
    (rules.data ?? []).some((r) => r.kind === kind && r.targetId === id);
  const totp = status.data?.factors.find((f) => f.kind === 'totp');
  const requirement = status.data?.requirement;
  const by = requirement
    ? [...(requirement.enterprise !== null ? [requirement.enterprise] : []), ...requirement.roles].join(', ')
    : '';

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['factors'] });
  };
  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch {
      // The client showed why.
    }
    refresh();
  };

  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      width={760}
      title={t('user.securityOf', { name: user?.username ?? '' })}
      destroyOnHidden
      data-testid="user-security"
    >
      <Typography.Title level={5}>{t('user.factorTitle')}</Typography.Title>
      {!status.data ? (
        <NotLoaded query={status} />
      ) : (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 24 }}>
          <Space wrap>
            {status.data.passkeys.length > 0 && (
              <Tag color="green" data-testid="user-passkeys">
                {t('user.passkeys', { count: status.data.passkeys.length })}
              </Tag>
            )}
            {totp ? (
              <Tag color="green" data-testid="user-factor-on">
                {t('user.factorOn', {
                  date: formatTime(totp.createdAt),
                  left: String(status.data.recoveryCodesLeft),
                })}
              </Tag>
            ) : (
              <Tag data-testid="user-factor-off">{t('user.factorOff')}</Tag>
            )}
            <Typography.Text type="secondary">
              {requirement?.required ? t('user.requiredBy', { by }) : t('user.notRequired')}
            </Typography.Text>
          </Space>
          {(totp || status.data.passkeys.length > 0) && can('user:user:resetPassword') && (
            <Popconfirm
              title={t('user.factorResetConfirm')}
              onConfirm={() => act(() => call(factorsRoutes.reset, { body: { id }, notifySuccess: true }))}
            >
              <Button danger data-testid="user-factor-reset">
                {t('user.factorReset')}
              </Button>
            </Popconfirm>
          )}
          {can('user:user:edit') &&
            (['enterprise', 'passwordless'] as const).map((kind) => (
              <Space align="start" key={kind}>
                <Switch
                  checked={ruleOn(kind)}
                  loading={rules.isFetching}
                  aria-label={t(RULE_LABELS[kind])}
                  data-testid={`user-rule-${kind}`}
                  onChange={(required) =>
                    void act(() =>
                      call(factorsRoutes.saveRule, {
                        body: { kind, targetId: id, required },
                        notifySuccess: true,
                      }),
                    )
                  }
                />
                <div>
                  <div>{t(RULE_LABELS[kind])}</div>
                  <Typography.Text type="secondary">{t(`${RULE_LABELS[kind]}Help`)}</Typography.Text>
                </div>
              </Space>
            ))}
        </Space>
      )}
      {can('user:user:kick') && user && (
        <>
          <Typography.Title level={5}>{t('user.sessionsTitle')}</Typography.Title>
          <SessionsTable
            testId="user-sessions"
            queryKey={['sessions', 'ofUser', id]}
            fetch={() => call(sessionsRoutes.ofUser, { query: { id }, loading: false })}
            end={(sessionId) =>
              call(sessionsRoutes.endOfUser, { body: { userId: id, id: sessionId }, notifySuccess: true })
            }
          />
        </>
      )}
    </Drawer>
  );
};
