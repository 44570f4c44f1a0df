import {
  BLOB_KINDS,
  type BootAnimationBuildResult,
  type BootAnimationRow,
  type FrameFormat,
  MEDIA_FILE_NAME_PATTERN,
  MEDIA_LIMITS,
} from '@cpm/contracts';
import { mediaRoutes } from '@cpm/contracts/routes';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Segmented,
  Select,
  Space,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud';
import { useJobProgress } from '../../../shared/crud/useJobProgress';
import { Upload } from '../../../shared/upload/Upload';

type Settings = {
  name?: string;
  format: FrameFormat;
  width?: number;
  height?: number;
  fps: number;
  description?: string;
};
type Frame = { id: string; name: string };

const DEFAULTS: Settings = { format: 'png', fps: 10, width: 720, height: 1280 };

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  return `${path}?${params}`;
};

/**
 * A new boot animation: settings and frames (checked here and again on the server), built into
 * bootanimation.zip by a server job whose progress shows here; or a ready-made ZIP that the server
 * checks entry by entry. A failed build keeps the frames, so a fixed name can be tried again.
 */
export const BootAnimationDialog = ({ open, onClose, onSaved }: DialogProps) => {
  const { t, i18n } = useTranslation('media');
  const { message } = App.useApp();
  const [form] = Form.useForm<Settings>();
  const [mode, setMode] = useState<'frames' | 'zip'>('frames');
  const [frames, setFrames] = useState<Frame[]>([]);
  const [starting, setStarting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const { job, final } = useJobProgress(jobId);
  const building = starting || (jobId !== null && !final);
  const values = Form.useWatch([], form) as Settings | undefined;
  const s = { ...DEFAULTS, ...values };
  const nameOk = !!s.name && MEDIA_FILE_NAME_PATTERN.test(s.name.trim());
  const sizeOk =
    !!s.width &&
    !!s.height &&
    s.width >= MEDIA_LIMITS.minSide &&
    s.height >= MEDIA_LIMITS.minSide &&
    s.width <= MEDIA_LIMITS.maxSide &&
    s.height <= MEDIA_LIMITS.maxSide;
  // New settings start a new set of frames: the uploaded ones were checked against the old ones.
  const frameKey = `${s.format}-${s.width}-${s.height}`;
  const ordered = useMemo(() => [...frames].sort((a, b) => a.name.localeCompare(b.name)), [frames]);

  const close = () => {
    setFrames([]);
    setJobId(null);
    form.resetFields();
    onClose();
  };

  // The job ended: a saved animation closes the dialog; a refusal stays, with its reason shown.
  const succeeded = job?.status === 'succeeded' ? (job.result as BootAnimationBuildResult | null) : null;
  useEffect(() => {
    if (!succeeded) return;
    message.success(t('boot.built', { name: succeeded.name }));
    setFrames([]);
    setJobId(null);
    form.resetFields();
    onSaved();
  }, [succeeded, message, t, form, onSaved]);

  const build = async () => {
    if (!nameOk || !sizeOk || !s.width || !s.height) return;
    setStarting(true);
    setJobId(null);
    try {
      const started = await call(mediaRoutes.bootBuild, {
        body: {
          name: (s.name ?? '').trim(),
          format: s.format,
          width: s.width,
          height: s.height,
          fps: s.fps,
          description: s.description?.trim() || undefined,
          frameIds: ordered.map((f) => f.id),
        },
      });
      setJobId(started.jobId);
    } catch {
      // The client showed why.
    } finally {
      setStarting(false);
    }
  };
  const failed = job?.status === 'failed';
  const jobText = job ? (i18n.language.startsWith('zh') ? job.message : job.messageEn) : null;

  return (
    <Modal
      open={open}
      title={t('boot.create')}
      onCancel={close}
      destroyOnHidden
      width={640}
      footer={
        mode === 'frames' ? (
          <Space>
            <Button onClick={close}>{t('actions.cancel')}</Button>
            <Button
              type="primary"
              loading={building}
              disabled={!nameOk || !sizeOk || ordered.length === 0}
              onClick={build}
              data-testid="boot-build"
            >
              {t('boot.build')}
            </Button>
          </Space>
        ) : null
      }
    >
      <Segmented
        block
        value={mode}
        onChange={(v) => setMode(v as 'frames' | 'zip')}
        options={[
          { value: 'frames', label: t('boot.modeFrames') },
          { value: 'zip', label: t('boot.modeZip') },
        ]}
        data-testid="boot-mode"
        style={{ marginBottom: 16 }}
      />
      <Form name="boot" form={form} layout="vertical" initialValues={DEFAULTS} data-testid="boot-form">
        <Form.Item
          name="name"
          label={t('boot.name')}
          extra={t('boot.nameRule')}
          rules={[{ required: true }, { pattern: MEDIA_FILE_NAME_PATTERN, message: t('boot.nameRule') }]}
        >
          <Input maxLength={MEDIA_LIMITS.nameMax} data-testid="boot-name" />
        </Form.Item>
        {mode === 'frames' && (
          <Space wrap size="middle">
            <Form.Item name="format" label={t('boot.format')}>
              <Select
                style={{ width: 110 }}
                options={[
                  { value: 'png', label: 'PNG' },
                  { value: 'jpeg', label: 'JPG' },
                ]}
                data-testid="boot-format"
              />
            </Form.Item>
            <Form.Item name="width" label={t('boot.width')}>
              <InputNumber min={MEDIA_LIMITS.minSide} max={MEDIA_LIMITS.maxSide} data-testid="boot-width" />
            </Form.Item>
            <Form.Item name="height" label={t('boot.height')}>
              <InputNumber min={MEDIA_LIMITS.minSide} max={MEDIA_LIMITS.maxSide} data-testid="boot-height" />
            </Form.Item>
            <Form.Item name="fps" label={t('boot.fps')}>
              <InputNumber min={MEDIA_LIMITS.minFps} max={MEDIA_LIMITS.maxFps} data-testid="boot-fps" />
            </Form.Item>
          </Space>
        )}
        <Form.Item name="description" label={t('boot.description')}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
      {mode === 'frames' ? (
        nameOk && sizeOk && s.width && s.height ? (
          <>
            <Typography.Paragraph type="secondary">
              {t('boot.framesHint', { width: s.width, height: s.height })}
            </Typography.Paragraph>
            <Upload<{ id: string; name: string }>
              key={frameKey}
              testId="boot-frames"
              action={withQuery(mediaRoutes.bootUploadFrame.path, {
                format: s.format,
                width: s.width,
                height: s.height,
              })}
              rules={{
                maxSize: BLOB_KINDS.bootFrame.maxBytes,
                accept: [s.format],
                image: { width: s.width, height: s.height },
                plainName: true,
              }}
              onUploaded={(r, file) => setFrames((list) => [...list, { id: r.id, name: file.name }])}
            />
            <Typography.Text data-testid="boot-frame-count">
              {t('boot.frameCount', { count: ordered.length })}
            </Typography.Text>
            {jobId !== null && (
              <div data-testid="boot-build-progress" data-status={job?.status ?? 'queued'}>
                <Progress
                  percent={job?.percent ?? 0}
                  status={failed ? 'exception' : succeeded ? 'success' : 'active'}
                />
                {failed ? (
                  <Alert type="error" showIcon title={t('boot.buildFailed')} description={jobText} />
                ) : (
                  <Typography.Text type="secondary">
                    {!job || job.status === 'queued'
                      ? t('boot.buildQueued')
                      : (jobText ?? t('boot.building'))}
                  </Typography.Text>
                )}
              </div>
            )}
          </>
        ) : (
          <Alert type="info" title={t('boot.settingsFirst')} />
        )
      ) : nameOk ? (
        <>
          <Typography.Paragraph type="secondary">{t('boot.zipHint')}</Typography.Paragraph>
          <Upload<BootAnimationRow>
            key={s.name}
            testId="boot-zip"
            action={withQuery(mediaRoutes.bootUploadZip.path, {
              name: s.name?.trim(),
              description: s.description?.trim(),
            })}
            rules={{ maxSize: BLOB_KINDS.bootAnimation.maxBytes, accept: ['zip'], plainName: true }}
            onUploaded={() => {
              form.resetFields();
              onSaved();
            }}
          />
        </>
      ) : (
        <Alert type="info" title={t('boot.settingsFirst')} />
      )}
    </Modal>
  );
};
