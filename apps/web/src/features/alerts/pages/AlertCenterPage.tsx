import { SettingOutlined } from '@ant-design/icons';
import { ALERT_SEVERITIES } from '@cpm/contracts';
import { alertsRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { queryKeys } from '../../../shared/crud';
import { PageHeader } from '../../../shared/page/PageHeader';
import { AlertList } from '../components/AlertList';
import { PreferencesModal } from '../components/PreferencesModal';

/** Open alerts by severity, for the alert centre and the dashboard. */
export const OpenAlertFigures = () => {
  const { t } = useTranslation('alerts');
  const q = useQuery({
    queryKey: [...queryKeys.alerts.all, 'summary'],
    queryFn: () => call(alertsRoutes.summary, { loading: false }),
  });
  return (
    <Space wrap style={{ marginBottom: 16 }} data-testid="alert-figures">
      {ALERT_SEVERITIES.map((s) => (
        <Card key={s} size="small">
          <Statistic title={t(`severity.${s}`)} value={q.data?.open[s] ?? '-'} />
        </Card>
      ))}
    </Space>
  );
};

/** The alert centre (`/device/alertCenter`): every alert of the caller's terminals. */
export const AlertCenterPage = () => {
  const { t } = useTranslation('alerts');
  const [prefs, setPrefs] = useState(false);
  return (
    <div data-testid="alert-center-page">
      <PageHeader
        extra={
          <Button icon={<SettingOutlined />} onClick={() => setPrefs(true)} data-testid="alert-preferences">
            {t('preferences')}
          </Button>
        }
      />
      <OpenAlertFigures />
      <AlertList testId="alert-list" title={false} />
      <PreferencesModal open={prefs} onClose={() => setPrefs(false)} />
    </div>
  );
};
