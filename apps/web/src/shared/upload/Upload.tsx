import {
  CloseOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  InboxOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Alert, Button, Progress, Space, Tag, Typography, theme } from 'antd';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';
import { IconButton } from '../crud/IconButton';
import { useSessionStore } from '../session/sessionStore';
import { formatBytes } from './formatBytes';
import './upload.css';
import { BLOB_TYPES } from '@cpm/contracts';
import type { SendFailure, sendFile } from './sendFile';
import { acceptedExtensions, describeAccept, type UploadProblem, type UploadRules } from './uploadRules';
import { type UploadItem, type UploadStatus, useUploadQueue } from './useUploadQueue';

export type UploadProps<T> = {
  /** Multipart endpoint path; the file goes in `fieldName` (default `file`). */
  action: string;
  rules: UploadRules;
  fieldName?: string;
  /** Form fields sent with each file. */
  fields?: Record<string, string>;
  /** Called once per file the server accepted, with its answer. */
  onUploaded?: (result: T, file: File) => void;
  disabled?: boolean;
  /**
   * What the form still needs before files can be sent (e.g. "enter the version"). While it is set,
   * chosen files are checked and kept in the list with this text, unsent; once it is cleared a
   * button sends them with the form as it is then. Nothing chosen is dropped without a word.
   */
  waitFor?: string;
  /** Prefix of the test ids (`upload` by default). */
  testId?: string;
  /** Replaces the sender; tests use it to reach their own server. */
  send?: typeof sendFile;
};

const STATUS_COLOR: Record<UploadStatus, string> = {
  invalid: 'error',
  held: 'gold',
  queued: 'default',
  uploading: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/**
 * Drag-and-drop or picked files, checked like the server checks them, then sent one by one with
 * progress, cancel and retry. Files stream from disk; only their first bytes are read here.
 */
export const Upload = <T,>({
  action,
  rules,
  fieldName,
  fields,
  onUploaded,
  disabled,
  waitFor,
  testId = 'upload',
  send,
}: UploadProps<T>) => {
  const { t } = useTranslation('kit');
  const { token } = theme.useToken();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const queue = useUploadQueue<T>({
    rules,
    url: action,
    fieldName,
    fields,
    onUploaded,
    send,
    session: () => ({ token: useSessionStore.getState().token, language: currentLanguage() }),
  });

  const take = (list: FileList | null) => {
    if (!disabled && list?.length) void queue.add([...list], { hold: Boolean(waitFor) });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };
  const held = queue.items.filter((it) => it.status === 'held').length;
  const extensions = acceptedExtensions(rules.accept);
  // Any file may be a binary one, so the picker filters only when `binary` is not accepted.
  const pickerAccept = extensions.length
    ? [...extensions, ...rules.accept.map((t) => BLOB_TYPES[t].mediaType)].join(',')
    : undefined;

  const problemText = (p: UploadProblem) => {
    switch (p.code) {
      case 'tooLarge':
        return t('upload.problem.tooLarge', { max: formatBytes(p.params.max) });
      case 'wrongType':
        return t('upload.problem.wrongType', { accept: p.params.accept });
      case 'tooMany':
        return t('upload.problem.tooMany', { max: p.params.max });
      case 'badDimensions':
        return t('upload.problem.badDimensions', p.params);
      case 'empty':
      case 'badName':
      case 'typeMismatch':
      case 'unreadableImage':
        return t(`upload.problem.${p.code}`);
    }
  };
  const failureText = (f: SendFailure) =>
    f.kind === 'refused'
      ? f.text
      : t(f.kind === 'aborted' ? 'upload.status.cancelled' : 'upload.failure.network');

  const row = (item: UploadItem<T>) => {
    const percent = item.file.size ? Math.floor((item.loaded / item.file.size) * 100) : 0;
    const note = item.problem
      ? problemText(item.problem)
      : item.failure
        ? failureText(item.failure)
        : item.status === 'held' && waitFor
          ? waitFor
          : null;
    return (
      <li key={item.id} className="cpm-upload-item" data-testid={`${testId}-item`} data-status={item.status}>
        <div className="cpm-upload-item-head">
          <Typography.Text ellipsis={{ tooltip: item.file.name }} className="cpm-upload-name">
            {item.file.name}
          </Typography.Text>
          <Typography.Text type="secondary" className="cpm-upload-size">
            {formatBytes(item.file.size)}
          </Typography.Text>
          <Tag color={STATUS_COLOR[item.status]} className="cpm-upload-status">
            {t(`upload.status.${item.status}`)}
          </Tag>
          <Space size={0}>
            {(item.status === 'uploading' || item.status === 'queued') && (
              <IconButton
                label={t('upload.cancel')}
                icon={<CloseOutlined />}
                testId={`${testId}-cancel`}
                onClick={() => queue.cancel(item.id)}
              />
            )}
            {(item.status === 'failed' || item.status === 'cancelled') && (
              <IconButton
                label={t('upload.retry')}
                icon={<ReloadOutlined />}
                testId={`${testId}-retry`}
                onClick={() => queue.retry(item.id)}
              />
            )}
            {item.status !== 'uploading' && item.status !== 'queued' && (
              <IconButton
                label={t('upload.remove')}
                icon={<DeleteOutlined />}
                testId={`${testId}-remove`}
                onClick={() => queue.remove(item.id)}
              />
            )}
          </Space>
        </div>
        {(item.status === 'uploading' || item.status === 'done') && (
          <Progress
            data-testid={`${testId}-progress`}
            aria-label={item.file.name}
            percent={percent}
            size="small"
            status={item.status === 'done' ? 'success' : 'active'}
            format={() =>
              item.status === 'done' ? '100%' : `${formatBytes(item.loaded)} / ${formatBytes(item.file.size)}`
            }
          />
        )}
        {note && (
          <Typography.Text
            // A held file's note is an instruction, not a fault: the body colour (warning yellow fails contrast).
            type={item.status === 'held' ? undefined : item.status === 'cancelled' ? 'warning' : 'danger'}
            className="cpm-upload-note"
          >
            {note}
          </Typography.Text>
        )}
      </li>
    );
  };

  return (
    <div className="cpm-upload" data-testid={testId}>
      <button
        type="button"
        className="cpm-upload-drop"
        disabled={disabled}
        data-testid={`${testId}-drop`}
        style={{
          borderColor: over ? token.colorPrimary : token.colorBorder,
          background: over ? token.colorPrimaryBg : token.colorFillAlter,
          color: token.colorText,
        }}
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <InboxOutlined style={{ fontSize: 36, color: token.colorPrimary }} />
        <span className="cpm-upload-title">{t('upload.drop')}</span>
        <span className="cpm-upload-hint" style={{ color: token.colorTextSecondary }}>
          {[
            rules.accept.includes('binary')
              ? t('upload.hintAnyType')
              : t('upload.hintTypes', { accept: describeAccept(rules.accept) }),
            t('upload.hintSize', { max: formatBytes(rules.maxSize) }),
            rules.maxCount ? t('upload.hintCount', { max: rules.maxCount }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        hidden
        // A form's own styles show file inputs (antd sets `display: block` on them), which beats the
        // `hidden` attribute; the drop zone above is the only picker the user sees.
        style={{ display: 'none' }}
        multiple={rules.maxCount !== 1}
        accept={pickerAccept}
        data-testid={`${testId}-input`}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      {held > 0 && (
        <Alert
          className="cpm-upload-held"
          type={waitFor ? 'warning' : 'info'}
          showIcon
          data-testid={`${testId}-held`}
          message={
            waitFor ? t('upload.heldWaiting', { count: held }) : t('upload.heldReady', { count: held })
          }
          action={
            waitFor ? undefined : (
              <Button
                size="small"
                type="primary"
                icon={<CloudUploadOutlined />}
                onClick={queue.release}
                data-testid={`${testId}-send-held`}
              >
                {t('upload.sendHeld', { count: held })}
              </Button>
            )
          }
        />
      )}
      {queue.items.length > 0 && <ul className="cpm-upload-list">{queue.items.map(row)}</ul>}
    </div>
  );
};
