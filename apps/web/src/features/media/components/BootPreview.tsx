import type { BootAnimationRow } from '@cpm/contracts';
import { Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageFailed, SafeImage } from '../../../shared/image/SafeImage';
import { useBootFrames } from '../hooks/useBootFrames';

/** Plays a boot animation's frames in order at its frame rate, looping, as the terminal would. */
export const BootPreview = ({ row, onClose }: { row: BootAnimationRow | null; onClose: () => void }) => {
  const { t } = useTranslation('media');
  const frames = useBootFrames(row?.id ?? null, row?.frameCount ?? 0);
  const [index, setIndex] = useState(0);
  const ready = !!row && frames.urls.length === row.frameCount && row.frameCount > 0;

  useEffect(() => {
    if (!ready || !row) return;
    setIndex(0);
    const timer = setInterval(() => setIndex((i) => (i + 1) % row.frameCount), 1000 / row.fps);
    return () => clearInterval(timer);
  }, [ready, row]);

  return (
    <Modal
      open={!!row}
      title={row?.name}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={Math.min(720, Math.max(360, (row?.width ?? 360) + 48))}
    >
      {row && (
        <div className="cpm-media-player" data-testid="boot-preview">
          {frames.failed ? (
            <ImageFailed onRetry={frames.retry} width={Math.min(row.width, 320)} height={160} />
          ) : ready ? (
            <>
              <SafeImage
                src={frames.urls[index]}
                alt={row.name}
                testId="boot-preview-frame"
                imgProps={{ 'data-frame': index }}
                style={{ aspectRatio: `${row.width} / ${row.height}` }}
              />
              <Typography.Text type="secondary" data-testid="boot-preview-status">
                {t('boot.playing', { index: index + 1, count: row.frameCount, fps: row.fps })}
              </Typography.Text>
            </>
          ) : (
            <Spin />
          )}
        </div>
      )}
    </Modal>
  );
};
