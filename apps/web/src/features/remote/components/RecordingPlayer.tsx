import { LockOutlined, PauseOutlined, PlayCircleOutlined } from '@ant-design/icons';
import {
  decodeFrameHeader,
  FRAME_FLAGS,
  frameJpeg,
  parseRecording,
  type RecordingEntry,
  type RemoteSessionRow,
} from '@cpm/contracts';
import { remoteRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, List, Modal, Segmented, Slider, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchBytes } from '../../../api/http';
import '../remote.css';
import { formatTime } from '../../../shared/format/formatTime';
import { LoadFailed } from '../../../shared/page/LoadFailed';

type Frame = { at: number; bytes: Uint8Array; secure: boolean; width: number; height: number };

const clock = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** What an input looked like, in a few words. */
const describe = (data: unknown, t: (key: string, o?: Record<string, unknown>) => string) => {
  const d = data as { kind?: string; key?: string; text?: string };
  if (d.kind === 'key') return t('inputs.key', { key: t(`keys.${d.key}`) });
  if (d.kind === 'text') return t('inputs.text', { text: d.text });
  return t(`inputs.${d.kind ?? 'tap'}`);
};

/** Replays a session's recording: its frames on a canvas with a timeline, and the input log beside it. */
export const RecordingPlayer = ({ row, onClose }: { row: RemoteSessionRow; onClose: () => void }) => {
  const { t } = useTranslation('remote');
  // The dialog mounts its content after it opens, so the canvas is tracked as state, not a ref.
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const recording = useQuery({
    queryKey: ['remote-recording', row.id],
    queryFn: async () =>
      parseRecording(
        new Uint8Array(
          await fetchBytes({ method: 'GET', path: remoteRoutes.recording.path, query: { id: row.id } }),
        ),
      ),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const { frames, inputs, duration } = useMemo(() => {
    const entries: RecordingEntry[] = recording.data ?? [];
    const frames: Frame[] = [];
    for (const e of entries)
      if (e.kind === 'frame') {
        const h = decodeFrameHeader(e.bytes);
        if (h)
          frames.push({
            at: e.at,
            bytes: frameJpeg(e.bytes),
            secure: (h.flags & FRAME_FLAGS.secure) !== 0,
            width: h.width,
            height: h.height,
          });
      }
    const inputs = entries.filter((e) => e.kind === 'input');
    const last = entries.at(-1)?.at ?? 0;
    return { frames, inputs, duration: Math.max(last, frames.at(-1)?.at ?? 0) };
  }, [recording.data]);

  const index = useMemo(() => {
    let lo = -1;
    for (let i = 0; i < frames.length && frames[i].at <= position; i++) lo = i;
    return lo;
  }, [frames, position]);
  const frame = index >= 0 ? frames[index] : frames[0];

  // Paint the frame at the position.
  useEffect(() => {
    if (!frame || !canvas) return;
    let cancelled = false;
    void createImageBitmap(new Blob([frame.bytes as BlobPart], { type: 'image/jpeg' })).then((bitmap) => {
      const c = canvas;
      if (cancelled) return bitmap.close();
      if (c.width !== frame.width) c.width = frame.width;
      if (c.height !== frame.height) c.height = frame.height;
      c.getContext('2d')?.drawImage(bitmap, 0, 0);
      bitmap.close();
    });
    return () => {
      cancelled = true;
    };
  }, [frame, canvas]);

  // Play: move the position with the wall clock, times the speed.
  const tick = useCallback(
    (last: number) => {
      let previous = last;
      let raf = 0;
      const step = (now: number) => {
        const elapsed = (now - previous) * speed;
        previous = now;
        setPosition((p) => {
          const next = Math.min(duration, p + elapsed);
          if (next >= duration) setPlaying(false);
          return next;
        });
        raf = requestAnimationFrame(step);
      };
      raf = requestAnimationFrame(step);
      return () => cancelAnimationFrame(raf);
    },
    [duration, speed],
  );
  useEffect(() => (playing ? tick(performance.now()) : undefined), [playing, tick]);

  return (
    <Modal
      open
      width={960}
      title={t('player.title', { sn: row.sn, at: formatTime(row.openedAt, true) })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="remote-player">
        {recording.isLoading ? (
          <Spin />
        ) : recording.isError ? (
          <LoadFailed onRetry={() => void recording.refetch()} error={recording.error} />
        ) : !frames.length ? (
          <Empty description={t('player.empty')} />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <div className="cpm-remote-screen">
              <canvas ref={setCanvas} className="cpm-remote-canvas" data-testid="remote-player-canvas" />
              {frame?.secure && (
                <div className="cpm-remote-overlay">
                  <LockOutlined />
                  <span>{t('state.secure')}</span>
                </div>
              )}
            </div>
            <Space wrap style={{ width: '100%' }}>
              <Button
                icon={playing ? <PauseOutlined /> : <PlayCircleOutlined />}
                data-testid="remote-player-play"
                onClick={() => {
                  if (!playing && position >= duration) setPosition(0);
                  setPlaying(!playing);
                }}
              >
                {playing ? t('player.pause') : t('player.play')}
              </Button>
              <Segmented
                value={speed}
                onChange={(v) => setSpeed(Number(v))}
                options={[
                  { value: 1, label: '1×' },
                  { value: 2, label: '2×' },
                  { value: 4, label: '4×' },
                ]}
              />
              <Typography.Text data-testid="remote-player-time">
                {clock(position)} / {clock(duration)}
              </Typography.Text>
              <Typography.Text type="secondary" data-testid="remote-player-frame">
                {t('player.frame', { index: Math.max(0, index) + 1, total: frames.length })}
              </Typography.Text>
            </Space>
            <Slider
              data-testid="remote-player-timeline"
              min={0}
              max={Math.max(1, Math.round(duration))}
              value={Math.round(position)}
              tooltip={{ formatter: (v) => clock(v ?? 0) }}
              marks={Object.fromEntries(inputs.map((i) => [Math.round(i.at), ' ']))}
              onChange={(v: number) => {
                setPlaying(false);
                setPosition(v);
              }}
            />
            <Typography.Text strong>{t('player.inputs', { count: inputs.length })}</Typography.Text>
            <List
              size="small"
              className="cpm-remote-player-log"
              data-testid="remote-player-inputs"
              dataSource={inputs}
              locale={{ emptyText: t('player.noInputs') }}
              renderItem={(i) => (
                <List.Item
                  style={{ cursor: 'pointer' }}
                  onClick={() => {
                    setPlaying(false);
                    setPosition(i.at);
                  }}
                >
                  <Typography.Text type="secondary">{clock(i.at)}</Typography.Text>{' '}
                  {describe((i as { data: unknown }).data, t)}
                </List.Item>
              )}
            />
          </Space>
        )}
      </div>
    </Modal>
  );
};
