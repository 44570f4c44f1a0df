import { CameraOutlined, DeleteOutlined, EnvironmentOutlined, PictureOutlined } from '@ant-design/icons';
import {
  blobEndpoints,
  type ItemResult,
  type ProcessDetail,
  type ProcessRow,
  type ProposalRow,
} from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, upload } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud';
import '../support.css';
import { queryKeys } from '../../../shared/crud';
import { fieldErrorsOf } from '../../../shared/crud/zodForm';
import { SafeImage } from '../../../shared/image/SafeImage';
import { checkText } from './ChecklistView';

type Visit = { storeName: string; contact: string; phone: string; address: string };
type Shot = { id: string; preview: string };

const EMPTY_VISIT: Visit = { storeName: '', contact: '', phone: '', address: '' };

/**
 * A small JPEG of a photo as a data URL, for the thumbnail beside its item (a phone's photo is
 * megabytes; the thumbnail is a few). Empty when the browser cannot decode it.
 */
const thumbnailOf = async (file: File): Promise<string> => {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 128 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return '';
  }
};

/**
 * The inspector's form, made for a phone: one card per item, the camera opened straight from the
 * item (`capture`), a location stamp from the browser. A proposed inspection fills in its store.
 */
export const RecordFormDrawer = ({
  open,
  proposal,
  onClose,
  onSaved,
}: DialogProps<
  {
    open: boolean;
    /** The proposed inspection this visit answers, if any. */
    proposal?: ProposalRow | null;
  },
  string
>) => {
  const { t } = useTranslation('support');
  const [processId, setProcessId] = useState<string>();
  const [visit, setVisit] = useState<Visit>(EMPTY_VISIT);
  const [results, setResults] = useState<Record<string, ItemResult>>({});
  const [shots, setShots] = useState<Record<string, Shot[]>>({});
  const [uploading, setUploading] = useState<string | null>(null);
  const [place, setPlace] = useState<{ lat: number; lng: number; accuracy: number } | null>(null);
  const [locating, setLocating] = useState(false);
  const [locateFailed, setLocateFailed] = useState(false);
  const [missing, setMissing] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);

  useEffect(() => {
    if (!open) return;
    setVisit({ ...EMPTY_VISIT, storeName: proposal?.storeName ?? '' });
    setResults({});
    setShots({});
    setMissing([]);
    setPlace(null);
  }, [open, proposal]);

  const processes = useQuery({
    queryKey: [...queryKeys.supportOrders.all, 'active-processes'],
    enabled: open,
    queryFn: () =>
      call(supportRoutes.processPage, {
        query: { current: 1, size: 100, status: 'active' },
        loading: false,
      }),
  });
  const process = useQuery({
    queryKey: [...queryKeys.supportOrders.all, 'process', processId],
    enabled: Boolean(processId),
    queryFn: () => call(supportRoutes.processDetail, { query: { id: processId as string }, loading: false }),
  });
  const set = (key: string, patch: Partial<ItemResult>) => {
    setMissing((m) => m.filter((k) => k !== key));
    setResults((r) => ({ ...r, [key]: { ...(r[key] ?? { key, photoIds: [] }), ...patch } }));
  };
  const stamp = () => {
    if (!navigator.geolocation) return setLocateFailed(true);
    setLocating(true);
    setLocateFailed(false);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setPlace({ lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy });
        setLocating(false);
      },
      () => {
        setLocating(false);
        setLocateFailed(true);
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  const takePhoto = async (key: string, file: File) => {
    setUploading(key);
    try {
      const blob = await upload(blobEndpoints.upload, file, { query: { kind: 'supportMedia' } });
      const preview = await thumbnailOf(file);
      setShots((s) => ({ ...s, [key]: [...(s[key] ?? []), { id: blob.id, preview }] }));
      setResults((r) => {
        const cur = r[key] ?? { key, photoIds: [] };
        return { ...r, [key]: { ...cur, photoIds: [...cur.photoIds, blob.id] } };
      });
      setMissing((m) => m.filter((k) => k !== key));
    } catch {
      // The client showed why (type or size refused).
    } finally {
      setUploading(null);
    }
  };
  const dropPhoto = (key: string, id: string) => {
    setShots((s) => ({ ...s, [key]: (s[key] ?? []).filter((p) => p.id !== id) }));
    setResults((r) => {
      const cur = r[key];
      return cur ? { ...r, [key]: { ...cur, photoIds: cur.photoIds.filter((p) => p !== id) } } : r;
    });
  };
  const detail: ProcessDetail | undefined = process.data;
  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      const saved = await call(supportRoutes.recordSave, {
        body: {
          processId: processId as string,
          ...visit,
          visitedAt: new Date().toISOString(),
          lat: place?.lat ?? null,
          lng: place?.lng ?? null,
          results: Object.values(results),
          ...(proposal ? { proposalId: proposal.id } : {}),
        },
        notifySuccess: true,
      });
      onSaved(saved.id);
    } catch (error) {
      // Items the server found empty are marked on their cards.
      setMissing(
        fieldErrorsOf(error)
          .map((e) => /^body\.results\.(.+)$/.exec(e.field)?.[1])
          .filter((k): k is string => Boolean(k)),
      );
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width="min(560px, 100vw)"
      title={t('records.add')}
      destroyOnHidden
      data-testid="record-form"
      footer={
        <Button
          type="primary"
          block
          size="large"
          loading={saving}
          disabled={!processId || uploading !== null}
          onClick={() => void submit()}
          data-testid="record-save"
        >
          {t('records.submit')}
        </Button>
      }
    >
      {proposal && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('proposals.answering', { sn: proposal.sn, peripheral: proposal.peripheralName })}
        />
      )}
      <Form name="record" layout="vertical">
        <Form.Item label={t('records.process')} required>
          <Select
            value={processId}
            onChange={(v) => {
              setProcessId(v);
              setResults({});
              setShots({});
              setMissing([]);
            }}
            options={(processes.data?.records ?? []).map((p: ProcessRow) => ({
              value: p.id,
              label: `${p.name} v${p.version}`,
            }))}
            data-testid="record-process"
          />
        </Form.Item>
        {(['storeName', 'contact', 'phone', 'address'] as const).map((f) => (
          <Form.Item key={f} label={t(`records.${f}`)} required>
            <Input
              value={visit[f]}
              inputMode={f === 'phone' ? 'tel' : undefined}
              onChange={(e) => setVisit((v) => ({ ...v, [f]: e.target.value }))}
              data-testid={`record-${f}`}
            />
          </Form.Item>
        ))}
        <Form.Item label={t('records.place')}>
          <Space wrap>
            <Button
              icon={<EnvironmentOutlined />}
              loading={locating}
              onClick={stamp}
              data-testid="record-locate"
            >
              {place ? t('records.locateAgain') : t('records.locate')}
            </Button>
            {place && (
              <Tag data-testid="record-place">
                {place.lat.toFixed(5)}, {place.lng.toFixed(5)} (±{Math.round(place.accuracy)} m)
              </Tag>
            )}
            {locateFailed && <Typography.Text type="warning">{t('records.locateFailed')}</Typography.Text>}
          </Space>
        </Form.Item>
      </Form>
      <Space direction="vertical" style={{ width: '100%' }}>
        {detail?.standards.map((s) => (
          <Card key={s.name} size="small" title={s.name}>
            <Space direction="vertical" style={{ width: '100%' }} size="large">
              {s.items.map((item) => {
                const r = results[item.key];
                const inputId = `photo-${item.key}`;
                return (
                  <div key={item.key} data-testid={`record-item-${item.key}`}>
                    <Typography.Text strong>{item.content}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary">{checkText(item, t)}</Typography.Text>
                      {item.photoRequired && (
                        <Tag color="blue" style={{ marginInlineStart: 8 }}>
                          {t('records.photoRequired')}
                        </Tag>
                      )}
                    </div>
                    {missing.includes(item.key) && (
                      <Alert
                        type="error"
                        showIcon
                        style={{ marginTop: 6 }}
                        message={item.photoRequired ? t('records.missingPhoto') : t('records.missing')}
                        data-testid={`record-item-${item.key}-missing`}
                      />
                    )}
                    <div style={{ marginTop: 8 }}>
                      {item.kind === 'passFail' ? (
                        <Radio.Group
                          value={r?.passed}
                          onChange={(e) => set(item.key, { passed: e.target.value })}
                          optionType="button"
                          buttonStyle="solid"
                          options={[
                            { value: true, label: t('records.pass') },
                            { value: false, label: t('records.fail') },
                          ]}
                          data-testid={`record-item-${item.key}-pass`}
                        />
                      ) : (
                        <InputNumber
                          value={r?.value ?? null}
                          inputMode="decimal"
                          onChange={(v) => set(item.key, { value: v })}
                          addonAfter={item.unit || undefined}
                          style={{ width: '100%', maxWidth: 240 }}
                          data-testid={`record-item-${item.key}-value`}
                        />
                      )}
                    </div>
                    <Space wrap style={{ marginTop: 8 }}>
                      {(shots[item.key] ?? []).map((p) => (
                        <div key={p.id} style={{ position: 'relative' }}>
                          {p.preview ? (
                            <SafeImage
                              src={p.preview}
                              alt=""
                              compact
                              width={64}
                              height={64}
                              style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
                              testId={`record-item-${item.key}-thumb`}
                            />
                          ) : (
                            <div className="cpm-support-thumb" data-testid={`record-item-${item.key}-thumb`}>
                              <PictureOutlined />
                            </div>
                          )}
                          <Button
                            size="small"
                            shape="circle"
                            icon={<DeleteOutlined />}
                            aria-label={t('records.removePhoto')}
                            onClick={() => dropPhoto(item.key, p.id)}
                            style={{ position: 'absolute', top: -8, right: -8 }}
                          />
                        </div>
                      ))}
                      {/* Opens the camera on a phone (capture) and the file picker elsewhere. */}
                      <Button
                        icon={<CameraOutlined />}
                        loading={uploading === item.key}
                        onClick={() => document.getElementById(inputId)?.click()}
                      >
                        {t('records.photo')}
                      </Button>
                      <input
                        id={inputId}
                        type="file"
                        accept="image/*"
                        capture="environment"
                        hidden
                        data-testid={`record-item-${item.key}-photo`}
                        onChange={(e) => {
                          const file = e.target.files?.[0];
                          e.target.value = '';
                          if (file) void takePhoto(item.key, file);
                        }}
                      />
                      {(r?.photoIds.length ?? 0) > 0 && (
                        <Tag color="green" data-testid={`record-item-${item.key}-photos`}>
                          {t('records.photos', { count: r?.photoIds.length })}
                        </Tag>
                      )}
                    </Space>
                    <Input
                      style={{ marginTop: 8 }}
                      placeholder={t('records.note')}
                      maxLength={500}
                      value={r?.note ?? ''}
                      onChange={(e) => set(item.key, { note: e.target.value })}
                    />
                  </div>
                );
              })}
            </Space>
          </Card>
        ))}
      </Space>
    </Drawer>
  );
};
