import { factorsRoutes } from '@cpm/contracts/routes';
import { Button, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { RecoveryCodes } from './TotpEnrolment';

/**
 * One's own factor actions on Account security: removing the authenticator and replacing the
 * recovery codes (shown once). Both are risky: the server asks a step-up first, which the shared
 * step-up dialog takes, then the action goes on.
 */
export const FactorActions = ({ hasTotp, onChanged }: { hasTotp: boolean; onChanged: () => void }) => {
  const { t } = useTranslation('auth');
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <>
      <Space wrap style={{ marginTop: 12 }}>
        {hasTotp && (
          <Popconfirm
            title={t('factor.removeConfirm')}
            onConfirm={() =>
              call(factorsRoutes.removeMine, { notifySuccess: true })
                .catch(() => undefined)
                .then(onChanged)
            }
          >
            <Button danger data-testid="totp-remove">
              {t('factor.remove')}
            </Button>
          </Popconfirm>
        )}
        <Popconfirm
          title={t('factor.regenerateConfirm')}
          onConfirm={() =>
            call(factorsRoutes.regenerateRecovery, {})
              .then((r) => setCodes(r.recoveryCodes))
              .catch(() => undefined)
          }
        >
          <Button data-testid="recovery-regenerate">{t('factor.regenerate')}</Button>
        </Popconfirm>
      </Space>
      <Modal open={codes !== null} title={t('factor.recoveryTitle')} footer={null} closable={false}>
        {codes && (
          <RecoveryCodes
            codes={codes}
            doneLabel={t('factor.done')}
            onDone={() => {
              setCodes(null);
              onChanged();
            }}
          />
        )}
      </Modal>
    </>
  );
};
