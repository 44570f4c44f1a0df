import { CloudDownloadOutlined, DatabaseOutlined } from '@ant-design/icons';
import { BLOB_KINDS, SYS_FILE_MAX_SELECTION, type SysFileRow } from '@cpm/contracts';
import { sysFileRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Modal, Progress, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { ApiError } from '../../../api/httpClient';
import {
  actionsColumn,
  CrudListView,
  deleteAction,
  queryKeys,
  UploadButton,
  useCrudList,
} from '../../../shared/crud';
import { GridItem } from '../../../shared/crud/GridItem';
import { ModelSelect, useModelOptions } from '../../../shared/crud/ModelSelect';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { formatTime } from '../../../shared/format/formatTime';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { downloadStored } from '../../../shared/upload/downloadStored';
import { formatBytes } from '../../../shared/upload/formatBytes';
import { Upload } from '../../../shared/upload/Upload';
import type { UploadRules } from '../../../shared/upload/uploadRules';
import { QuotaDrawer } from '../components/QuotaDrawer';

type Filter = { name?: string; version?: string; type?: '1' | '2'; model?: string };
type UploadFields = {
  name?: string;
  version?: string;
  type: '1' | '2';
  description?: string;
  models?: string[];
  osVersions?: string;
};

const rulesFor = (type: '1' | '2'): UploadRules => ({
  maxSize: BLOB_KINDS.systemFile.maxBytes,
  accept: type === '1' ? ['zip'] : ['zip', 'apk'],
  maxCount: SYS_FILE_MAX_SELECTION,
  plainName: true,
});

/**
 * Space used by the caller's enterprise, with its quota when it has one; platform administrators
 * also get the list of every account's use and quota.
 */
const StorageUsage = () => {
  const { t } = useTranslation('sysfiles');
  const [managing, setManaging] = useState(false);
  const usage = useQuery({
    queryKey: [...queryKeys.sysFiles.all, 'usage'],
    queryFn: () => call(sysFileRoutes.usage, { loading: false }),
  });
  if (!usage.data) return null;
  const { usedBytes, quotaBytes, quotaDefault } = usage.data;
  const summary =
    quotaBytes === null
      ? t('usage.noQuota', { used: formatBytes(usedBytes) })
      : t(quotaDefault ? 'usage.withDefault' : 'usage.withQuota', {
          used: formatBytes(usedBytes),
          quota: formatBytes(quotaBytes),
        });
  return (
    <Space data-testid="sysfiles-usage" wrap>
      <Typography.Text type="secondary">{summary}</Typography.Text>
      {quotaBytes !== null && (
        <Progress
          style={{ width: 160, margin: 0 }}
          aria-label={summary}
          size="small"
          percent={quotaBytes ? Math.min(100, Math.round((usedBytes / quotaBytes) * 100)) : 100}
        />
      )}
      {usage.data.manageQuotas && (
        <>
          <Button icon={<DatabaseOutlined />} onClick={() => setManaging(true)} data-testid="quota-open">
            {t('usage.manage')}
          </Button>
          <QuotaDrawer open={managing} onClose={() => setManaging(false)} />
        </>
      )}
    </Space>
  );
};

/** System files: OTA packages and other APK/ZIP files for terminals (spec: /sysManage/index). */
export const SysFilesPage = () => {
  const { t } = useTranslation('sysfiles');
  const [uploading, setUploading] = useState(false);
  const [shown, setShown] = useState<SysFileRow | null>(null);
  const [form] = Form.useForm<UploadFields>();
  const fields = Form.useWatch([], form) as UploadFields | undefined;
  const list = useCrudList<SysFileRow, Filter>({
    queryKey: queryKeys.sysFiles.all,
    filterKeys: ['name', 'version', 'type', 'model'],
    fetchPage: ({ current, size, name, version, type, model }) =>
      call(sysFileRoutes.page, { query: { current, size, name, version, type, model }, loading: false }),
  });
  const types = [
    { value: '1', label: t('types.1') },
    { value: '2', label: t('types.2') },
  ];
  const typeTag = (type: string) => <Tag color={type === '1' ? 'blue' : 'default'}>{t(`types.${type}`)}</Tag>;
  // A file an active task uses is refused; the tasks the server names are listed.
  const remove = (row: SysFileRow) =>
    call(sysFileRoutes.remove, { query: { id: row.id }, notifySuccess: true })
      .then(list.invalidate)
      .catch((err: unknown) => {
        const tasks = (err instanceof ApiError ? err.envelope?.result : null) as {
          tasks?: { taskId: string; taskName: string }[];
        } | null;
        if (tasks?.tasks?.length)
          Modal.warning({
            title: t('inUse', { name: row.name }),
            content: (
              <ul data-testid="sysfiles-in-use">
                {tasks.tasks.map((task) => (
                  <li key={task.taskId}>{task.taskName}</li>
                ))}
              </ul>
            ),
          });
      });
  const columns: DataColumn<SysFileRow>[] = [
    {
      key: 'name',
      title: t('name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Typography.Link data-testid="sysfile-name" onClick={() => setShown(row)}>
          {name}
        </Typography.Link>
      ),
    },
    { key: 'version', title: t('version'), dataIndex: 'version' },
    { key: 'type', title: t('type'), dataIndex: 'type', render: typeTag },
    { key: 'size', title: t('size'), dataIndex: 'size', render: (n: number) => formatBytes(n) },
    {
      key: 'models',
      title: t('models'),
      dataIndex: 'models',
      render: (m: string[]) => m.join(', ') || t('all'),
    },
    { key: 'description', title: t('description'), dataIndex: 'description', ellipsis: true },
    timeColumn('createdAt', t('createdAt'), { seconds: true }),
    actionsColumn(
      t('actions'),
      (row) => [
        {
          key: 'download',
          label: t('download'),
          icon: <CloudDownloadOutlined />,
          onClick: () => void downloadStored(row.blobId, row.fileName).catch(() => undefined),
        },
        deleteAction(t('delete'), 'file:file:delete', t('confirmDelete', { name: row.name }), () =>
          remove(row),
        ),
      ],
      { fixed: 'right' },
    ),
  ];
  const type = fields?.type ?? '1';
  const ready = Boolean(fields?.version?.trim());
  // The upload carries the form as text fields; the chosen models travel as the comma list it reads.
  const uploadFields = Object.fromEntries(
    Object.entries(fields ?? {})
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v])
      .filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  ) as Record<string, string>;
  const models = useModelOptions('name').options;
  return (
    <CrudListView<SysFileRow, Filter>
      testId="sysfiles-page"
      list={list}
      filters={[
        { name: 'name', label: t('name') },
        { name: 'version', label: t('version') },
        { name: 'type', label: t('type'), options: types },
        { name: 'model', label: t('model'), options: models },
      ]}
      columns={columns}
      toolbar={
        <Space wrap>
          <UploadButton
            permission="file:file:upload"
            label={t('upload')}
            testId="sysfiles-upload-open"
            onClick={() => setUploading(true)}
          />
          <StorageUsage />
        </Space>
      }
    >
      <Modal
        open={uploading}
        title={t('uploadTitle')}
        footer={null}
        width={640}
        destroyOnHidden
        onCancel={() => {
          setUploading(false);
          form.resetFields();
          void list.invalidate();
        }}
      >
        <Form
          name="sysfiles-upload"
          form={form}
          layout="vertical"
          initialValues={{ type: '1' }}
          data-testid="sysfiles-upload-form"
        >
          <Row gutter={16}>
            <GridItem name="type" label={t('type')} required>
              <Select options={types} data-testid="sysfiles-field-type" />
            </GridItem>
            <GridItem name="version" label={t('version')} required>
              <Input data-testid="sysfiles-field-version" placeholder="1.0.0" />
            </GridItem>
            <GridItem name="name" label={t('name')} extra={t('nameHint')}>
              <Input data-testid="sysfiles-field-name" />
            </GridItem>
            <GridItem name="models" label={t('models')} extra={t('modelsHint')}>
              <ModelSelect by="name" mode="multiple" allowClear testId="sysfiles-field-models" />
            </GridItem>
            <GridItem name="osVersions" label={t('osVersions')} extra={t('listHint')}>
              <Input data-testid="sysfiles-field-os" placeholder="11, 14" />
            </GridItem>
            <GridItem span="full" name="description" label={t('description')}>
              <Input.TextArea rows={2} data-testid="sysfiles-field-description" />
            </GridItem>
          </Row>
        </Form>
        {!ready && <Typography.Text type="secondary">{t('versionFirst')}</Typography.Text>}
        <Upload<SysFileRow>
          action={sysFileRoutes.upload.path}
          rules={rulesFor(type)}
          fields={uploadFields}
          waitFor={ready ? undefined : t('waitVersion')}
          testId="sysfiles-upload"
          onUploaded={() => void list.invalidate()}
        />
      </Modal>
      <Drawer
        open={shown !== null}
        title={shown?.name}
        size="large"
        onClose={() => setShown(null)}
        data-testid="sysfiles-detail"
        extra={
          shown && (
            <Button
              icon={<CloudDownloadOutlined />}
              onClick={() => void downloadStored(shown.blobId, shown.fileName).catch(() => undefined)}
            >
              {t('download')}
            </Button>
          )
        }
      >
        {shown && (
          <DescriptionList
            testId="sysfiles-detail-list"
            columns={2}
            items={[
              { key: 'name', label: t('name'), value: shown.name },
              { key: 'version', label: t('version'), value: shown.version },
              { key: 'type', label: t('type'), value: typeTag(shown.type) },
              { key: 'size', label: t('size'), value: formatBytes(shown.size) },
              { key: 'fileName', label: t('fileName'), value: shown.fileName, span: 2 },
              { key: 'models', label: t('models'), value: shown.models.join(', ') || t('all'), span: 2 },
              { key: 'os', label: t('osVersions'), value: shown.osVersions.join(', ') || t('all'), span: 2 },
              {
                key: 'sha256',
                label: 'SHA-256',
                value: (
                  <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
                    {shown.sha256}
                  </Typography.Text>
                ),
                span: 2,
              },
              { key: 'description', label: t('description'), value: shown.description, span: 2 },
              {
                key: 'createdAt',
                label: t('createdAt'),
                value: formatTime(shown.createdAt, true),
                span: 2,
              },
            ]}
          />
        )}
      </Drawer>
    </CrudListView>
  );
};
