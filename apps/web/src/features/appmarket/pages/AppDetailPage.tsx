import {
  CloudUploadOutlined,
  DeleteOutlined,
  EditOutlined,
  ShopOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { APP_LIMITS, type AppDetail, isDangerousPermission } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { queryKeys, ToolbarButton } from '../../../shared/crud';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { DetailPage } from '../../../shared/detail/DetailPage';
import { SafeImage } from '../../../shared/image/SafeImage';
import { Upload } from '../../../shared/upload/Upload';
import { ApkUploadModal } from '../components/ApkUploadModal';
import { AppEditModal } from '../components/AppEditModal';
import { AppIcon, ShelfTag } from '../components/AppTags';
import { VersionTable } from '../components/VersionTable';
import { WindowsUploadModal } from '../components/WindowsUploadModal';
import { useAppTypes } from '../hooks';
import '../appmarket.css';

const Screenshots = ({ app, onChanged }: { app: AppDetail; onChanged: () => void }) => {
  const { t } = useTranslation('appmarket');
  const remove = (id: string) =>
    call(appMarketRoutes.removeScreenshot, { body: { appId: app.id, id }, notifySuccess: true })
      .then(onChanged)
      .catch(() => undefined);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      {app.screenshots.length ? (
        <div className="cpm-app-screens" data-testid="app-screenshots">
          {app.screenshots.map((s) => (
            <Space key={s.id} direction="vertical" align="center">
              <SafeImage src={s.url} alt={app.name} loading="lazy" testId="app-screenshot" />
              {app.editable && (
                <Auth permission="app:mine:version">
                  <Popconfirm title={t('confirmDeleteScreenshot')} onConfirm={() => void remove(s.id)}>
                    <Button size="small" danger icon={<DeleteOutlined />}>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                </Auth>
              )}
            </Space>
          ))}
        </div>
      ) : (
        <Empty description={t('noScreenshots')} />
      )}
      {app.editable && app.screenshots.length < APP_LIMITS.maxScreenshots && (
        <Auth permission="app:mine:version">
          <Typography.Text type="secondary">{t('screenshotRule')}</Typography.Text>
          <Upload
            action={`${appMarketRoutes.uploadScreenshot.path}?id=${app.id}`}
            rules={{ maxSize: APP_LIMITS.screenshotMaxBytes, accept: ['png', 'jpeg'] }}
            testId="screenshot-upload"
            onUploaded={onChanged}
          />
        </Auth>
      )}
    </Space>
  );
};

const Permissions = ({ app }: { app: AppDetail }) => {
  const { t } = useTranslation('appmarket');
  const latest = app.versions[0];
  if (!latest?.permissions.length) return <Empty description={t('noPermissions')} />;
  return (
    <Table
      rowKey="name"
      size="small"
      scroll={{ x: 'max-content' }}
      pagination={false}
      data-testid="app-permissions"
      dataSource={latest.permissions.map((name) => ({ name, dangerous: isDangerousPermission(name) }))}
      columns={[
        { key: 'name', title: t('permission'), dataIndex: 'name' },
        {
          key: 'dangerous',
          title: t('protection'),
          dataIndex: 'dangerous',
          render: (d: boolean) => (d ? <Tag color="red">{t('dangerous')}</Tag> : <Tag>{t('normal')}</Tag>),
        },
      ]}
    />
  );
};

/** One app: facts, versions, screenshots, permissions and how many terminals run which version (spec: /appMarket/appDetail, hidden). */
export const AppDetailPage = () => {
  const { t } = useTranslation('appmarket');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const queryClient = useQueryClient();
  const types = useAppTypes();
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const detail = useQuery({
    queryKey: [...queryKeys.appMarket.all, 'detail', id],
    queryFn: () => call(appMarketRoutes.detail, { query: { id }, loading: false, silent: true }),
    enabled: id.length > 0,
    retry: false,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.appMarket.all });
  const app = detail.data;
  const shelf = (launched: boolean) =>
    app &&
    call(appMarketRoutes.shelf, { body: { id: app.id, launched }, notifySuccess: true })
      .then(refresh)
      .catch(() => undefined);
  const windows = app?.platform === 'windows';
  return (
    <div className="cpm-page" data-testid="app-detail-page">
      <DetailPage
        testId="app-detail"
        loading={detail.isLoading}
        notFound={!id || detail.isError}
        notFoundTitle={t('notFound')}
        back={{ to: '/appMarket/index', label: t('backToList') }}
        title={
          app ? (
            <Space>
              <AppIcon app={app} size={40} />
              <span data-testid="app-detail-name">{app.name}</span>
            </Space>
          ) : (
            ''
          )
        }
        subtitle={app?.packageName}
        status={app && <ShelfTag status={app.shelf} />}
        actions={
          app?.editable && (
            <Space wrap>
              <ToolbarButton
                permission={windows ? 'app:windows:upload' : 'app:mine:upload'}
                label={t('newVersion')}
                icon={<CloudUploadOutlined />}
                onClick={() => setUploading(true)}
                testId="new-version"
              />
              <ToolbarButton
                permission="app:mine:version"
                label={t('editApp')}
                icon={<EditOutlined />}
                onClick={() => setEditing(true)}
              />
              <Auth permission="app:app:shelf">
                {app.shelf === 'launched' ? (
                  <Popconfirm
                    title={t('confirmUnlaunch', { name: app.name })}
                    onConfirm={() => void shelf(false)}
                  >
                    <Button danger icon={<StopOutlined />} data-testid="detail-unlaunch">
                      {t('unlaunch')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    type="primary"
                    icon={<ShopOutlined />}
                    onClick={() => void shelf(true)}
                    data-testid="detail-launch"
                  >
                    {t('launch')}
                  </Button>
                )}
              </Auth>
            </Space>
          )
        }
        tabs={
          app
            ? [
                {
                  key: 'versions',
                  label: t('tabs.versions'),
                  children: (
                    <Space direction="vertical" size={16} style={{ width: '100%' }}>
                      <DescriptionList
                        testId="app-facts"
                        items={[
                          { key: 'type', label: t('type'), value: app.type ? types.label(app.type) : '' },
                          {
                            key: 'visibility',
                            label: t('visibility'),
                            value: t(`visibilities.${app.visibility}`),
                          },
                          { key: 'owner', label: t('publisher'), value: app.ownerName },
                          { key: 'installs', label: t('installs'), value: app.installs },
                          {
                            key: 'signer',
                            label: t('signer'),
                            value: app.signerSha256 ? (
                              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                                {app.signerSha256}
                              </Typography.Text>
                            ) : (
                              ''
                            ),
                            span: 2,
                          },
                          { key: 'description', label: t('description'), value: app.description, span: 3 },
                          { key: 'notes', label: t('notes'), value: app.notes, span: 3 },
                        ]}
                      />
                      <VersionTable app={app} onChanged={refresh} />
                    </Space>
                  ),
                },
                {
                  key: 'screenshots',
                  label: t('tabs.screenshots'),
                  children: <Screenshots app={app} onChanged={refresh} />,
                },
                {
                  key: 'permissions',
                  label: t('tabs.permissions'),
                  hidden: windows,
                  children: <Permissions app={app} />,
                },
                {
                  key: 'installs',
                  label: t('tabs.installs'),
                  children: (
                    <Table
                      rowKey={(r) => String(r.versionCode)}
                      size="small"
                      scroll={{ x: 'max-content' }}
                      pagination={false}
                      data-testid="install-stats"
                      dataSource={app.installStats}
                      locale={{ emptyText: t('noInstalls') }}
                      columns={[
                        { key: 'versionName', title: t('version'), dataIndex: 'versionName' },
                        { key: 'versionCode', title: t('versionCode'), dataIndex: 'versionCode' },
                        { key: 'terminals', title: t('terminals'), dataIndex: 'terminals' },
                      ]}
                    />
                  ),
                },
              ]
            : []
        }
      />
      {app && <AppEditModal app={editing ? app : null} onClose={() => setEditing(false)} onSaved={refresh} />}
      {!windows && (
        <ApkUploadModal
          open={uploading}
          onClose={() => {
            setUploading(false);
            refresh();
          }}
          onSaved={refresh}
        />
      )}
      {windows && app && (
        <WindowsUploadModal
          open={uploading}
          packageName={app.packageName}
          onClose={() => {
            setUploading(false);
            refresh();
          }}
          onSaved={refresh}
        />
      )}
    </div>
  );
};
