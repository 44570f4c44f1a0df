import { type AppDetail, type AppVersion, type ReleaseOutcome, SUPERSEDE_TRANSITION } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Alert, App, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { testIdProps } from '../../../shared/testId';

/** Earlier versions whose gray release (running or paused) an official release of `v` ends. */
const supersededBy = (app: AppDetail, v: AppVersion) =>
  app.versions
    .filter(
      (x) =>
        x.versionCode < v.versionCode &&
        (SUPERSEDE_TRANSITION.from as readonly string[]).includes(x.releaseStatus),
    )
    .map((x) => x.versionName);

/** What an official release of `v` will do, said before the publisher confirms it. */
const OfficialReleaseNotice = ({ app, v }: { app: AppDetail; v: AppVersion }) => {
  const { t } = useTranslation('appmarket');
  const ended = supersededBy(app, v);
  return (
    <Space direction="vertical" data-testid="official-notice">
      <Typography.Text data-testid={v.autoUpdate ? 'official-pushes' : 'official-no-push'}>
        {t(v.autoUpdate ? 'official.pushes' : 'official.noPush', { name: v.versionName })}
      </Typography.Text>
      {ended.length > 0 && (
        <Typography.Text data-testid="official-supersedes">
          {t('official.supersedes', { names: ended.join(', ') })}
        </Typography.Text>
      )}
    </Space>
  );
};

type Told = { versionName: string; action: 'official' | 'rollback'; outcome: ReleaseOutcome };

/** What a release step pushed, or why nothing, and whose gray release it ended. */
const OutcomeAlert = ({ told, onClose }: { told: Told; onClose: () => void }) => {
  const { t } = useTranslation('appmarket');
  const o = told.outcome;
  const lines = [
    o.taskId ? t('outcome.pushed', { count: o.pushed }) : o.notPushed ? t(`outcome.${o.notPushed}`) : '',
    o.superseded.length ? t('outcome.superseded', { names: o.superseded.join(', ') }) : '',
  ].filter(Boolean);
  return (
    <Alert
      type={o.notPushed && o.notPushed !== 'noTerminals' ? 'warning' : 'success'}
      showIcon
      closable={{ 'aria-label': t('actions.close', { ns: 'common' }) }}
      onClose={onClose}
      style={{ marginBottom: 12 }}
      data-testid="release-outcome"
      data-not-pushed={o.notPushed ?? ''}
      role="status"
      message={t('outcome.title', {
        name: told.versionName,
        action: t(told.action === 'official' ? 'officialRelease' : 'rollback'),
      })}
      description={lines.map((l) => <div key={l}>{l}</div>)}
    />
  );
};

/**
 * Release steps that say what they did: an official release asks first, telling whether terminals
 * are sent the version now and whose gray release ends; after an official release or rollback a
 * notice above the versions says what was pushed, or why nothing was.
 */
export const useReleaseSteps = (app: AppDetail, onChanged: () => void) => {
  const { t } = useTranslation('appmarket');
  const { modal } = App.useApp();

  const [last, setLast] = useState<Told | null>(null);

  const run = async (v: AppVersion, action: 'official' | 'rollback' | 'pause') => {
    const r = await call(appMarketRoutes.release, {
      body: { id: v.id, action } as never,
      notifySuccess: action === 'pause',
    });
    setLast(action === 'pause' ? null : { versionName: v.versionName, action, outcome: r.outcome });
    onChanged();
  };

  return {
    /** What the last release step did, shown above the versions until closed. */
    outcome: last && <OutcomeAlert told={last} onClose={() => setLast(null)} />,
    /** Runs a pause or rollback (the table asked for its confirmation). */
    run: (v: AppVersion, action: 'rollback' | 'pause') => run(v, action).catch(() => undefined),
    /** Asks, saying what will happen, then releases officially. */
    official: (v: AppVersion) =>
      void modal.confirm({
        title: t('official.title', { name: v.versionName }),
        content: <OfficialReleaseNotice app={app} v={v} />,
        okText: t('officialRelease'),
        cancelText: t('cancel', { ns: 'crud' }),
        okButtonProps: testIdProps('confirm-ok'),
        width: 480,
        onOk: () => run(v, 'official').catch(() => undefined),
      }),
  };
};
