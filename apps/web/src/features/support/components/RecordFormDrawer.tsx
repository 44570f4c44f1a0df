import { CameraOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { blobEndpoints, type ItemResult, type ProcessDetail, type ProcessRow } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Form, Input, InputNumber, Radio, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, upload } from '../../../api/http';
import { queryKeys } from '../../../shared/crud';

type Visit = { storeName: string; contact: string; phone: string; address: string };

/** The inspector's form, made for a phone: one card per item, camera capture, a location stamp. */
export const RecordFormDrawer = ({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (id: string) => void;
}) => {
  const { t } = useTranslation('support');
  const [processId, setProcessId] = useState<string>();
  const [visit, setVisit] = useState<Visit>({ storeName: '', contact: '', phone: '', address: '' });
  const [results, setResults] = useState<Record<string, ItemResult>>({});
  const [place, setPlace] = useState<{ lat: number; lng: number } | null>(null);
  const [locating, setLocating] = useState(false);
  const [saving, setSaving] = useState(false);
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
  const set = (key: string, patch: Partial<ItemResult>) =>
    setResults((r) => ({ ...r, [key]: { ...(r[key] ?? { key, photoIds: [] }), ...patch } }));
  const stamp = () => {
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setPlace({ lat: p.coords.latitude, lng: p.coords.longitude });
        setLocating(false);
      },
      () => setLocating(false),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  const detail: ProcessDetail | undefined = process.data;
  const submit = async () => {
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
        },
        notifySuccess: true,
      });
      setResults({});
      onSaved(saved.id);
    } finally {
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
      extra={
        <Button
          type="primary"
          loading={saving}
          disabled={!processId}
          onClick={submit}
          data-testid="record-save"
        >
          {t('records.submit')}
        </Button>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('records.process')} required>
          <Select
            value={processId}
            onChange={(v) => {
              setProcessId(v);
              setResults({});
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
              {t('records.locate')}
            </Button>
            {place && (
              <Tag data-testid="record-place">
                {place.lat.toFixed(5)}, {place.lng.toFixed(5)}
              </Tag>
            )}
          </Space>
        </Form.Item>
      </Form>
      <Space direction="vertical" style={{ width: '100%' }}>
        {detail?.standards.map((s) => (
          <Card key={s.name} size="small" title={s.name}>
            <Space direction="vertical" style={{ width: '100%' }} size="middle">
              {s.items.map((item) => {
                const r = results[item.key];
                return (
                  <div key={item.key} data-testid={`record-item-${item.key}`}>
                    <Typography.Text strong>{item.content}</Typography.Text>
                    {item.photoRequired && (
                      <Tag style={{ marginInlineStart: 8 }}>{t('records.photoRequired')}</Tag>
                    )}
                    <div style={{ marginTop: 6 }}>
                      {item.kind === 'passFail' ? (
                        <Radio.Group
                          value={r?.passed}
                          onChange={(e) => set(item.key, { passed: e.target.value })}
                          optionType="button"
                          options={[
                            { value: true, label: t('records.pass') },
                            { value: false, label: t('records.fail') },
                          ]}
                          data-testid={`record-item-${item.key}-pass`}
                        />
                      ) : (
                        <InputNumber
                          value={r?.value ?? null}
                          onChange={(v) => set(item.key, { value: v })}
                          addonAfter={item.unit || undefined}
                          placeholder={`${item.min ?? ''} – ${item.max ?? ''}`}
                          data-testid={`record-item-${item.key}-value`}
                        />
                      )}
                    </div>
                    <Space wrap style={{ marginTop: 6 }}>
                      <Button
                        icon={<CameraOutlined />}
                        size="small"
                        onClick={() => document.getElementById(`photo-${item.key}`)?.click()}
                      >
                        {t('records.photo')}
                      </Button>
                      <input
                        id={`photo-${item.key}`}
                        type="file"
                        accept="image/*"
                        capture="environment"
                        hidden
                        data-testid={`record-item-${item.key}-photo`}
                        onChange={async (e) => {
                          const file = e.target.files?.[0];
                          if (!file) return;
                          const blob = await upload(blobEndpoints.upload, file, {
                            query: { kind: 'supportMedia' },
                          });
                          set(item.key, { photoIds: [...(results[item.key]?.photoIds ?? []), blob.id] });
                          e.target.value = '';
                        }}
                      />
                      {(r?.photoIds.length ?? 0) > 0 && (
                        <Tag color="green" data-testid={`record-item-${item.key}-photos`}>
                          {t('records.photos', { count: r?.photoIds.length })}
                        </Tag>
                      )}
                    </Space>
                    <Input
                      style={{ marginTop: 6 }}
                      placeholder={t('records.note')}
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
