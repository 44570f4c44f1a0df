import { CameraOutlined, DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import type { CapturedFile } from '@cpm/contracts';
import { blobRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { formatTime } from '../../../shared/format/formatTime';
import { ImageFailed, SafeImage } from '../../../shared/image/SafeImage';
import { downloadStored } from '../../../shared/upload/downloadStored';

const sizeText = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

/** A screenshot shown through a short-lived signed link. */
const Preview = ({ file }: { file: CapturedFile }) => {
  const { t } = useTranslation('commands');
  const link = useQuery({
    queryKey: ['captured-preview', file.blobId],
    queryFn: () => call(blobRoutes.sign, { body: { id: file.blobId }, loading: false, silent: true }),
    staleTime: 5 * 60_000,
  });
  // The link is signed afresh on a retry: the one that failed may have expired.
  const retry = () => void link.refetch();
  if (link.isError && !link.data) return <ImageFailed onRetry={retry} width={160} />;
  if (!link.data) return null;
  return (
    <SafeImage
      src={link.data.url}
      alt={t('files.screenshotOf', { sn: file.sn })}
      preview
      width={160}
      style={{ borderRadius: 6, border: '1px solid var(--ant-color-border)' }}
      onRetry={retry}
      testId={`captured-preview-${file.id}`}
    />
  );
};

/** Screenshots and log uploads of a terminal or a command: previews for images, downloads for all. */
export const CapturedFileList = ({ files, showSn = false }: { files: CapturedFile[]; showSn?: boolean }) => {
  const { t } = useTranslation('commands');
  return (
    <List
      size="small"
      dataSource={files}
      locale={{ emptyText: t('files.none') }}
      data-testid="captured-files"
      renderItem={(f) => (
        <List.Item
          key={f.id}
          data-testid={`captured-file-${f.kind}`}
          actions={[
            <Button
              key="dl"
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => void downloadStored(f.blobId, f.name).catch(() => undefined)}
              data-testid={`captured-download-${f.id}`}
            >
              {t('files.download')}
            </Button>,
          ]}
        >
          <Space align="start" wrap>
            {f.kind === 'screenshot' ? <Preview file={f} /> : null}
            <Space direction="vertical" size={0}>
              <Typography.Text>
                {f.kind === 'screenshot' ? <CameraOutlined /> : <FileTextOutlined />}{' '}
                {t(`files.kind.${f.kind}`)}
                {showSn ? ` · ${f.sn}` : ''}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                {f.name}
              </Typography.Text>
              <Typography.Text type="secondary">
                {formatTime(f.createdAt, true)} · {sizeText(f.size)}
              </Typography.Text>
            </Space>
          </Space>
        </List.Item>
      )}
    />
  );
};
