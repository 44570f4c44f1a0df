import {
  CloudServerOutlined,
  DeleteOutlined,
  EditOutlined,
  ExperimentOutlined,
  HeartOutlined,
  PauseCircleOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import {
  type AppDetail,
  type AppVersion,
  isDangerousPermission,
  releaseActionsFrom,
  reviewActionsFrom,
} from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { type RowAction, RowActions, useDialogRecord } from '../../../shared/crud';
import { timeColumn } from '../../../shared/table/timeColumn';
import { formatBytes } from '../../../shared/upload/formatBytes';
import { ReleaseTag, ReviewTag } from './AppTags';
import { GrayReleaseModal } from './GrayReleaseModal';
import { HealthDrawer } from './HealthDrawer';
import { useReleaseSteps } from './ReleaseOutcome';
import { VersionEditDrawer } from './VersionEditDrawer';

/** What a version says about itself, shown when its row is opened. */
const VersionFacts = ({ v, windows }: { v: AppVersion; windows: boolean }) => {
  const { t, i18n } = useTranslation('appmarket');
  const notes =
    i18n.language === 'zh' ? v.releaseNotesZh || v.releaseNotesEn : v.releaseNotesEn || v.releaseNotesZh;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="version-facts">
      {v.reviewStatus === 'rejected' && v.rejectReason && (
        <Alert
          type="error"
          showIcon
          message={t('rejectedBecause')}
          description={v.rejectReason}
          data-testid="reject-reason"
        />
      )}
      {v.pauseReason && (
        <Alert
          type="warning"
          showIcon
          message={t('health.paused')}
          description={v.pauseReason
            .split(',')
            .map((b) => t(`health.breach.${b}`))
            .join('; ')}
        />
      )}
      {v.releaseStatus === 'superseded' && (
        <Alert type="info" showIcon message={t('supersededNote')} data-testid="superseded-note" />
      )}
      <Typography.Text>
        <b>{t('releaseNotes')}:</b> {notes || '-'}
      </Typography.Text>
      {!windows && (
        <Typography.Text>
          <b>{t('sdk')}:</b> {v.minSdk ?? '-'} / {v.targetSdk ?? '-'} · <b>{t('signer')}:</b>{' '}
          <Typography.Text code copyable={{ text: v.signerSha256 }}>
            {v.signerSha256.slice(0, 16)}…
          </Typography.Text>{' '}
          {v.schemes.join(' + ')}
        </Typography.Text>
      )}
      {windows && (
        <Typography.Text>
          <b>{t('installer')}:</b> {v.installer?.toUpperCase()} · <b>{t('installArgs')}:</b>{' '}
          {v.installArgs || '-'}
        </Typography.Text>
      )}
      <Typography.Text>
        <b>{t('models')}:</b> {v.models.join(', ') || t('allModels')} · <b>{t('osRange')}:</b>{' '}
        {v.osMin ?? '-'} – {v.osMax ?? '-'}
      </Typography.Text>
      {v.graySns.length > 0 && (
        <Typography.Text>
          <b>{t('graySns')}:</b> {v.graySns.join(', ')}
        </Typography.Text>
      )}
      {v.permissions.length > 0 && (
        <Space size={[4, 4]} wrap>
          {v.permissions.map((p) => (
            <Tag key={p} color={isDangerousPermission(p) ? 'red' : undefined}>
              {p.replace('android.permission.', '')}
            </Tag>
          ))}
        </Space>
      )}
    </Space>
  );
};

/**
 * An app's versions with their review and release state; for its publisher, the actions each state
 * allows (edit, submit, gray and official release, pause, health and rollback, delete).
 */
export const VersionTable = ({ app, onChanged }: { app: AppDetail; onChanged: () => void }) => {
  const { t } = useTranslation('appmarket');
  const [editing, setEditing] = useState<AppVersion | null>(null);
  const graying = useDialogRecord<AppVersion>(() => onChanged());
  const health = useDialogRecord<AppVersion>(() => onChanged());
  const windows = app.platform === 'windows';
  const act = (p: Promise<unknown>) => p.then(onChanged).catch(() => undefined);
  const steps = useReleaseSteps(app, onChanged);
  const actionsOf = (v: AppVersion): RowAction[] => {
    if (!app.editable) return [];
    const review = reviewActionsFrom(v.reviewStatus);
    const rel = v.reviewStatus === 'approved' ? releaseActionsFrom(v.releaseStatus) : [];
    /** A release step of an approved version, offered only where its release state allows it. */
    const releaseAction = (
      action: 'official' | 'pause' | 'rollback',
      shown: Pick<RowAction, 'label' | 'icon' | 'danger' | 'confirm'>,
    ): RowAction => ({
      key: action,
      ...shown,
      permission: 'app:mine:gray',
      hidden: !rel.includes(action),
      onClick: () => (action === 'official' ? steps.official(v) : steps.run(v, action)),
    });
    return [
      {
        key: 'edit',
        label: t('editVersionShort'),
        icon: <EditOutlined />,
        permission: 'app:mine:version',
        onClick: () => setEditing(v),
      },
      {
        key: 'health',
        label: t('health.open'),
        icon: <HeartOutlined />,
        permission: 'app:mine:gray',
        hidden: !['gray', 'paused'].includes(v.releaseStatus),
        onClick: () => health.show(v),
      },
      {
        key: 'submit',
        label: v.reviewStatus === 'rejected' ? t('resubmit') : t('submit'),
        icon: <SendOutlined />,
        permission: 'app:mine:version',
        hidden: !review.includes('submit'),
        onClick: () => act(call(appMarketRoutes.submit, { body: { id: v.id }, notifySuccess: true })),
      },
      {
        key: 'gray',
        label: t('grayRelease'),
        icon: <ExperimentOutlined />,
        permission: 'app:mine:gray',
        hidden: !rel.includes('gray'),
        onClick: () => graying.show(v),
      },
      // Its own confirmation says whether terminals are sent the version and whose gray release ends.
      releaseAction('official', { label: t('officialRelease'), icon: <CloudServerOutlined /> }),
      releaseAction('pause', { label: t('pause'), icon: <PauseCircleOutlined /> }),
      releaseAction('rollback', {
        label: t('rollback'),
        icon: <RollbackOutlined />,
        danger: true,
        confirm: t('confirmRollback', { name: v.versionName }),
      }),
      {
        key: 'delete',
        label: t('delete'),
        icon: <DeleteOutlined />,
        permission: 'app:mine:delete',
        danger: true,
        hidden: v.releaseStatus !== 'none',
        confirm: t('confirmDeleteVersion', { name: v.versionName }),
        onClick: () => act(call(appMarketRoutes.removeVersion, { body: { id: v.id }, notifySuccess: true })),
      },
    ];
  };

  return (
    <>
      {steps.outcome}
      <Table<AppVersion>
        rowKey="id"
        size="middle"
        data-testid="version-table"
        dataSource={app.versions}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (v) => <VersionFacts v={v} windows={windows} /> }}
        onRow={(v) => ({ 'data-testid': `version-row-${v.versionCode}` }) as never}
        columns={[
          {
            key: 'version',
            title: t('version'),
            render: (_, v) => (
              <span>
                {v.versionName} <Typography.Text type="secondary">({v.versionCode})</Typography.Text>
              </span>
            ),
          },
          { key: 'review', title: t('reviewState'), render: (_, v) => <ReviewTag status={v.reviewStatus} /> },
          {
            key: 'release',
            title: t('releaseState'),
            render: (_, v) => <ReleaseTag status={v.releaseStatus} />,
          },
          { key: 'size', title: t('size'), render: (_, v) => formatBytes(v.size) },
          {
            key: 'autoUpdate',
            title: t('autoUpdate'),
            render: (_, v) => (v.autoUpdate ? <Tag color="blue">{t('on')}</Tag> : <Tag>{t('off')}</Tag>),
          },
          timeColumn('createdAt', t('uploadedAt')),
          ...(app.editable
            ? [
                {
                  key: 'actions',
                  title: t('actions'),
                  fixed: 'right' as const,
                  render: (_: unknown, v: AppVersion) => <RowActions actions={actionsOf(v)} inline={4} />,
                },
              ]
            : []),
        ]}
      />
      <VersionEditDrawer
        version={editing}
        windows={windows}
        onClose={() => setEditing(null)}
        onSaved={onChanged}
      />
      <GrayReleaseModal version={graying.record} onClose={graying.close} onSaved={graying.saved} />
      <HealthDrawer version={health.record} onClose={health.close} onSaved={health.saved} />
    </>
  );
};
