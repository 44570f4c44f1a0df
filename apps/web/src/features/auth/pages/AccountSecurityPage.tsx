import type { FactorStatus } from '@cpm/contracts';
import { factorsRoutes, sessionsRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Modal, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { SessionsTable } from '../../../shared/auth/SessionsTable';
import { formatTime } from '../../../shared/format/formatTime';
import { NotLoaded } from '../../../shared/page/NotLoaded';
import { PageHeader } from '../../../shared/page/PageHeader';
import { useSessionStore } from '../../../shared/session/sessionStore';
import { signOutLocally } from '../authService';
import { FactorActions } from '../components/FactorActions';
import { PasskeysCard } from '../components/PasskeysCard';
import { TotpEnrolment } from '../components/TotpEnrolment';

/** Why a second factor is compulsory, in a sentence, or null. */
export const requirementText = (
  requirement: FactorStatus['requirement'],
  t: (key: string, values?: Record<string, string>) => string,
): string | null => {
  if (!requirement.required) return null;
  const by = [
    ...(requirement.enterprise !== null ? [t('factor.byEnterprise', { name: requirement.enterprise })] : []),
    ...requirement.roles.map((name) => t('factor.byRole', { name })),
  ];
  return t('factor.requiredBy', { by: by.join(', ') });
};

/** The signed-in user's own security: the authenticator (enrol, status) and the live sessions. */
export const AccountSecurityPage = () => {
  const { t } = useTranslation('auth');
  const client = useQueryClient();
  // Per account, and read afresh each time the page opens: a sign-in since may have used a code.
  const userId = useSessionStore((s) => s.user?.id ?? '');
  const FACTORS_KEY = ['factors', 'mine', userId] as const;
  const SESSIONS_KEY = ['sessions', 'mine', userId] as const;
  const status = useQuery({
    queryKey: FACTORS_KEY,
    queryFn: () => call(factorsRoutes.mine, { loading: false }),
    refetchOnMount: 'always',
  });
  const [enrolling, setEnrolling] = useState(false);
  const start = useCallback(() => call(factorsRoutes.enrolStart, {}), []);
  const confirm = useCallback((otp: string) => call(factorsRoutes.enrolConfirm, { body: { otp } }), []);
  const totp = status.data?.factors.find((f) => f.kind === 'totp');
  const required = status.data ? requirementText(status.data.requirement, t) : null;

  return (
    <div className="cpm-page" data-testid="account-security-page">
      <PageHeader />
      <Card title={t('factor.cardTitle')} style={{ marginBottom: 16 }}>
        {!status.data ? (
          <NotLoaded query={status} />
        ) : (
          <>
            {required && <Alert type="info" showIcon title={required} style={{ marginBottom: 16 }} />}
            {totp ? (
              <Descriptions column={1} size="small" data-testid="totp-status">
                <Descriptions.Item label={t('factor.authenticator')}>
                  <Tag color="green">{t('factor.on')}</Tag>
                </Descriptions.Item>
                <Descriptions.Item label={t('factor.since')}>{formatTime(totp.createdAt)}</Descriptions.Item>
                <Descriptions.Item label={t('factor.lastUsed')}>
                  {formatTime(totp.lastUsedAt)}
                </Descriptions.Item>
                <Descriptions.Item label={t('factor.recoveryLeft')}>
                  <span data-testid="recovery-left">{status.data.recoveryCodesLeft}</span>
                </Descriptions.Item>
              </Descriptions>
            ) : (
              <>
                <p>{status.data.passkeys.length ? t('passkey.totpOptional') : t('factor.offText')}</p>
                <Button type="primary" onClick={() => setEnrolling(true)} data-testid="totp-setup">
                  {t('factor.setUp')}
                </Button>
              </>
            )}
            {(totp || status.data.passkeys.length > 0) && (
              <FactorActions
                hasTotp={Boolean(totp)}
                onChanged={() => void client.invalidateQueries({ queryKey: FACTORS_KEY })}
              />
            )}
          </>
        )}
      </Card>
      {status.data && (
        <PasskeysCard
          passkeys={status.data.passkeys}
          onChanged={() => void client.invalidateQueries({ queryKey: FACTORS_KEY })}
        />
      )}
      <Card title={t('sessions.title')}>
        <SessionsTable
          testId="my-sessions"
          queryKey={SESSIONS_KEY}
          fetch={() => call(sessionsRoutes.mine, { loading: false })}
          end={(id) => call(sessionsRoutes.endMine, { body: { id }, notifySuccess: true })}
          onEndedCurrent={() => signOutLocally()}
        />
      </Card>
      <Modal
        open={enrolling}
        title={t('factor.enrolTitle')}
        footer={null}
        destroyOnHidden
        maskClosable={false}
        onCancel={() => {
          setEnrolling(false);
          void client.invalidateQueries({ queryKey: FACTORS_KEY });
        }}
      >
        <TotpEnrolment
          start={start}
          confirm={confirm}
          doneLabel={t('factor.done')}
          onDone={() => {
            setEnrolling(false);
            void client.invalidateQueries({ queryKey: FACTORS_KEY });
          }}
        />
      </Modal>
    </div>
  );
};
