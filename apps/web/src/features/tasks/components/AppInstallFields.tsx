import type { AppRow, TaskPlatform } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Form, type FormRule, Row } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { GridItem } from '../../../shared/crud/GridItem';
import { SearchSelect } from '../../../shared/crud/SearchSelect';

const PAGE = { current: 1, size: 50 };
/** Releases a terminal can be given: approved versions released gray or officially. */
const INSTALLABLE = new Set(['gray', 'official']);

/**
 * The app and version an install task carries, picked by name from the market: the version is
 * optional (the app's current official release), and an app with no official release says so.
 */
export const AppInstallFields = ({
  platform,
  rules,
}: {
  platform: TaskPlatform;
  /** The contract's rules of a parameter, by name. */
  rules: (name: 'appId' | 'versionId') => FormRule[];
}) => {
  const { t } = useTranslation('tasks');
  // The apps seen in the picker, so the version picker knows the chosen app's name and release.
  const seen = useRef(new Map<string, AppRow>());
  const appId = Form.useWatch(['params', 'appId']) as string | undefined;
  const app = appId ? seen.current.get(appId) : undefined;
  const form = Form.useFormInstance();

  const loadApps = async (search: string | undefined) => {
    const page = await call(appMarketRoutes.market, {
      query: {
        ...PAGE,
        keyword: search,
        platform: platform === 'windows' ? 'windows' : 'android',
      },
      loading: false,
    });
    for (const row of page.records) seen.current.set(row.id, row);
    return page.records.map((r) => ({
      value: r.id,
      label: r.name,
      detail: `${r.packageName} · ${r.current ? r.current.versionName : t('params.noOfficial')}`,
    }));
  };

  const loadVersions = async () => {
    if (!app) return [];
    const rows = await call(appMarketRoutes.versionQuery, { query: { appName: app.name }, loading: false });
    return rows
      .filter((v) => v.appId === app.id && INSTALLABLE.has(v.releaseStatus))
      .map((v) => ({
        value: v.id,
        label: `${v.versionName} (${v.versionCode})`,
        detail: t(`params.release.${v.releaseStatus as 'gray' | 'official'}`),
      }));
  };

  const noOfficial = app !== undefined && app.current === null;
  // Without an official release there is no default; a gray-released version must be chosen.
  const versionRules: FormRule[] = [
    ...rules('versionId'),
    ...(noOfficial ? [{ required: true, message: t('params.noOfficialChoose') }] : []),
  ];

  return (
    <Row gutter={16}>
      <GridItem
        name={['params', 'appId']}
        rules={rules('appId')}
        label={t('params.app')}
        extra={t('params.appHint')}
      >
        <SearchSelect
          queryKey={['tasks', 'install-apps', platform]}
          load={loadApps}
          onChange={() => form.setFieldValue(['params', 'versionId'], undefined)}
          placeholder={t('params.pickApp')}
          notFound={t('params.noResource')}
          testId="task-param-appId"
        />
      </GridItem>
      <GridItem
        name={['params', 'versionId']}
        rules={versionRules}
        label={t('params.version')}
        extra={noOfficial ? t('params.noOfficialChoose') : t('params.versionHint')}
      >
        <SearchSelect
          queryKey={['tasks', 'install-versions', app?.id ?? '']}
          load={loadVersions}
          allowClear
          disabled={!app}
          placeholder={noOfficial ? t('params.pickVersion') : t('params.currentOfficial')}
          notFound={t('params.noResource')}
          testId="task-param-versionId"
        />
      </GridItem>
    </Row>
  );
};
