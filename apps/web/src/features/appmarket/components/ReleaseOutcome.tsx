import { type AppDetail, type AppVersion, type ReleaseResult, SUPERSEDE_TRANSITION } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { App, Space, Typography } from 'antd';
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

/**
 * Release steps that say what they did: an official release asks first, telling whether terminals
 * are sent the version now and whose gray release ends; after any step a notice says what was
 * pushed, or why nothing was.
 */
export const useReleaseSteps = (app: AppDetail, onChanged: () => void) => {
  const { t } = useTranslation('appmarket');
  const { modal, notification } = App.useApp();

  const tellOutcome = (v: AppVersion, action: 'official' | 'rollback', r: ReleaseResult) => {
    const o = r.outcome;
    const lines = [
      o.taskId ? t('outcome.pushed', { count: o.pushed }) : o.notPushed ? t(`outcome.${o.notPushed}`) : '',
      o.superseded.length ? t('outcome.superseded', { names: o.superseded.join(', ') }) : '',
    ].filter(Boolean);
    notification[o.notPushed && o.notPushed !== 'noTerminals' ? 'warning' : 'success']({
      message: t('outcome.title', {
        name: v.versionName,
        action: t(action === 'official' ? 'officialRelease' : 'rollback'),
      }),
      description: (
        <Space
          direction="vertical"
          size={2}
          data-testid="release-outcome"
          data-not-pushed={o.notPushed ?? ''}
        >
          {lines.map((l) => (
            <span key={l}>{l}</span>
          ))}
        </Space>
      ),
      duration: 10,
    });
  };

  const run = async (v: AppVersion, action: 'official' | 'rollback' | 'pause') => {
    const r = await call(appMarketRoutes.release, {
      body: { id: v.id, action } as never,
      notifySuccess: action === 'pause',
    });
    if (action !== 'pause') tellOutcome(v, action, r);
    onChanged();
  };

  return {
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
