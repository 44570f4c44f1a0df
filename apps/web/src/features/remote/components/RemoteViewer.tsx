import {
  AppstoreOutlined,
  ArrowLeftOutlined,
  HomeOutlined,
  LockOutlined,
  RotateRightOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { REMOTE_SETTINGS_LIMITS } from '@cpm/contracts';
import { Button, Card, Descriptions, Input, Slider, Space, Tag, Typography } from 'antd';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteSessionHandle } from '../hooks/useRemoteSession';
import { classifyGesture, type PointerMark, relativePoint } from '../lib/gestures';
import '../remote.css';

/** The terminal's screen: frames painted on a canvas, pointer gestures sent back as taps, swipes and long presses. */
export const RemoteScreen = ({ session }: { session: RemoteSessionHandle }) => {
  const { t } = useTranslation('remote');
  const start = useRef<PointerMark | null>(null);
  const view = session.view;
  const controller = view?.role === 'controller' && view.state === 'active';
  const mark = (e: PointerEvent<HTMLCanvasElement>): PointerMark => ({
    ...relativePoint(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY),
    t: performance.now(),
  });
  const overlay = !view
    ? t('state.connecting')
    : view.state === 'active'
      ? view.secure
        ? t('state.secure')
        : view.frames === 0
          ? t('state.firstFrame')
          : null
      : view.state === 'ended'
        ? t('state.ended', { reason: t(`reasons.${view.reason ?? 'closed'}`) })
        : t(`state.${view.state}`);
  return (
    <div className="cpm-remote-screen" data-testid="remote-screen">
      <canvas
        ref={session.canvasRef}
        width={800}
        height={480}
        data-testid="remote-canvas"
        className={controller ? 'cpm-remote-canvas is-control' : 'cpm-remote-canvas'}
        onPointerDown={(e) => {
          if (!controller) return;
          start.current = mark(e);
          // Capture keeps a swipe that leaves the picture; not every pointer can be captured.
          try {
            e.currentTarget.setPointerCapture(e.pointerId);
          } catch {
            // The gesture still ends on the canvas.
          }
        }}
        onPointerUp={(e) => {
          if (!controller || !start.current) return;
          session.input(classifyGesture(start.current, mark(e)));
          start.current = null;
        }}
        onPointerCancel={() => {
          start.current = null;
        }}
        onContextMenu={(e) => e.preventDefault()}
      />
      {overlay && (
        <div
          className="cpm-remote-overlay"
          data-testid="remote-state"
          data-state={view?.state ?? 'connecting'}
        >
          {view?.secure && view.state === 'active' && <LockOutlined />}
          <span>{overlay}</span>
        </div>
      )}
    </div>
  );
};

/** Keys, text, rotation, quality and frame rate, and the session's figures. */
export const RemoteControls = ({ session }: { session: RemoteSessionHandle }) => {
  const { t } = useTranslation('remote');
  const [text, setText] = useState('');
  const view = session.view;
  const controller = view?.role === 'controller' && view.state === 'active';
  const settings = view?.settings ?? session.ticket?.settings;
  const sendText = () => {
    if (!text) return;
    session.input({ kind: 'text', text: text.slice(0, 500) });
    setText('');
  };
  return (
    <Card size="small" title={t('controls')} data-testid="remote-controls">
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <Tag color={view?.role === 'controller' ? 'blue' : 'default'} data-testid="remote-role">
            {t(`roles.${view?.role ?? session.ticket?.role ?? 'observer'}`)}
          </Tag>
          <Tag color={view?.state === 'active' ? 'green' : view?.state === 'ended' ? 'default' : 'gold'}>
            {t(`states.${view?.state ?? 'connecting'}`)}
          </Tag>
        </Space>
        <Space wrap>
          <Button
            icon={<ArrowLeftOutlined />}
            disabled={!controller}
            data-testid="remote-key-back"
            onClick={() => session.input({ kind: 'key', key: 'back' })}
          >
            {t('keys.back')}
          </Button>
          <Button
            icon={<HomeOutlined />}
            disabled={!controller}
            data-testid="remote-key-home"
            onClick={() => session.input({ kind: 'key', key: 'home' })}
          >
            {t('keys.home')}
          </Button>
          <Button
            icon={<AppstoreOutlined />}
            disabled={!controller}
            data-testid="remote-key-recents"
            onClick={() => session.input({ kind: 'key', key: 'recents' })}
          >
            {t('keys.recents')}
          </Button>
          <Button
            icon={<RotateRightOutlined />}
            disabled={!controller}
            data-testid="remote-rotate"
            onClick={() => session.input({ kind: 'rotate' })}
          >
            {t('rotate')}
          </Button>
        </Space>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={text}
            maxLength={500}
            disabled={!controller}
            placeholder={t('textPlaceholder')}
            data-testid="remote-text"
            onChange={(e) => setText(e.target.value)}
            onPressEnter={sendText}
          />
          <Button
            icon={<SendOutlined />}
            disabled={!controller || !text}
            data-testid="remote-text-send"
            onClick={sendText}
          >
            {t('send')}
          </Button>
        </Space.Compact>
        {settings && (
          <div>
            <Typography.Text type="secondary">{t('quality', { value: settings.quality })}</Typography.Text>
            <Slider
              data-testid="remote-quality"
              min={REMOTE_SETTINGS_LIMITS.quality.min}
              max={REMOTE_SETTINGS_LIMITS.quality.max}
              step={5}
              defaultValue={settings.quality}
              disabled={!controller}
              onChangeComplete={(quality: number) => session.settings({ ...settings, quality })}
            />
            <Typography.Text type="secondary">{t('fps', { value: settings.fps })}</Typography.Text>
            <Slider
              data-testid="remote-fps"
              min={REMOTE_SETTINGS_LIMITS.fps.min}
              max={REMOTE_SETTINGS_LIMITS.fps.max}
              defaultValue={settings.fps}
              disabled={!controller}
              onChangeComplete={(fps: number) => session.settings({ ...settings, fps })}
            />
          </div>
        )}
        <Descriptions size="small" column={2} colon={false}>
          <Descriptions.Item label={t('stats.fps')}>
            <span data-testid="remote-stat-fps">{view ? `${view.paintedFps} / ${view.fps}` : '-'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('stats.latency')}>
            <span data-testid="remote-stat-latency">
              {view?.latencyMs === null || view?.latencyMs === undefined ? '-' : `${view.latencyMs} ms`}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('stats.dropped')}>{view?.dropped ?? 0}</Descriptions.Item>
          <Descriptions.Item label={t('stats.viewers')}>{view?.viewers ?? 0}</Descriptions.Item>
          <Descriptions.Item label={t('stats.screen')}>
            {view?.width ? `${view.width} × ${view.height}` : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('stats.idle')}>
            {session.ticket ? t('minutes', { count: session.ticket.idleMinutes }) : '-'}
          </Descriptions.Item>
        </Descriptions>
      </Space>
    </Card>
  );
};
