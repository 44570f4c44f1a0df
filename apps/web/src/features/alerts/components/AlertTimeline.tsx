import type { AlertRow } from '@cpm/contracts';
import { alertsRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { formatTime } from '../../../shared/format/formatTime';
import { NotLoaded } from '../../../shared/page/NotLoaded';

/** One alert's history, oldest first, in a drawer. */
export const AlertTimeline = ({ alert, onClose }: { alert: AlertRow | null; onClose(): void }) => {
  const { t } = useTranslation('alerts');
  const q = useQuery({
    queryKey: ['alerts', 'timeline', alert?.id],
    enabled: Boolean(alert),
    queryFn: () => call(alertsRoutes.timeline, { query: { id: alert?.id ?? '' }, loading: false }),
  });
  return (
    <Drawer open={Boolean(alert)} onClose={onClose} title={t('timeline')} width={420} destroyOnHidden>
      {alert && (
        <Typography.Paragraph>
          {alert.ruleName} · {alert.sn ?? alert.subjectKey}
        </Typography.Paragraph>
      )}
      {q.data ? (
        <Timeline
          data-testid="alert-timeline"
          items={q.data.map((step) => ({
            key: step.id,
            children: (
              <>
                <strong>{t(`steps.${step.kind}`)}</strong> {formatTime(step.at, true)}
                {step.actor ? ` · ${step.actor}` : ''}
                {step.note ? <div>{step.note}</div> : null}
              </>
            ),
          }))}
        />
      ) : (
        <NotLoaded query={q} />
      )}
    </Drawer>
  );
};
