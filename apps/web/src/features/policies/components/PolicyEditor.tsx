import {
  POLICY_FIELD_GROUPS,
  POLICY_SEVERITIES,
  type PolicyDetail,
  type PolicyFieldKey,
  type PolicyFields,
  type PolicySeverity,
} from '@cpm/contracts';
import { policiesRoutes } from '@cpm/contracts/routes';
import { Alert, Button, Card, Checkbox, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { ApiError } from '../../../api/httpClient';
import { AppPicker, MediaPicker } from './PolicyPickers';

type Row = { on: boolean; value: unknown; severity: PolicySeverity; locked: boolean };

const BOOLEAN: PolicyFieldKey[] = ['bluetooth', 'usbDebugging', 'usbFileTransfer', 'locationReporting'];
const NUMBER: PolicyFieldKey[] = ['screenTimeoutSec', 'brightness', 'volume'];
const TEXT: PolicyFieldKey[] = ['timeZone'];

type RequiredApp = { packageName: string; minVersionCode?: number; maxVersionCode?: number };

/** What a field starts with when it is switched on in the editor. */
const START: Record<PolicyFieldKey, unknown> = {
  kioskApp: null,
  allowedApps: [],
  requiredApps: [],
  appConfig: {},
  screenTimeoutSec: 120,
  brightness: 80,
  volume: 50,
  timeZone: 'Asia/Shanghai',
  wifiNetworks: [],
  bluetooth: false,
  usbDebugging: false,
  usbFileTransfer: false,
  locationReporting: true,
  wallpaper: null,
  bootAnimation: null,
  maintenance: {
    restartHour: 3,
    updateWindow: { from: '01:00', to: '05:00' },
    freezeDates: [],
    appUpdateMode: 'notInSale',
  },
};

const rowsOf = (fields: PolicyFields | undefined): Record<string, Row> =>
  Object.fromEntries(
    Object.values(POLICY_FIELD_GROUPS)
      .flat()
      .map((k) => {
        const s = fields?.[k];
        return [
          k,
          s
            ? { on: true, value: s.value, severity: s.severity, locked: s.locked }
            : { on: false, value: START[k], severity: 'major', locked: false },
        ];
      }),
  );

/** One field's value input: a switch, a number, a text, or JSON for lists and maps. */
const ValueInput = ({
  field,
  value,
  onChange,
}: {
  field: PolicyFieldKey;
  value: unknown;
  onChange: (v: unknown) => void;
}) => {
  const { t } = useTranslation('policies');
  const label = t(`fields.${field}`);
  if (BOOLEAN.includes(field))
    return <Switch aria-label={label} checked={value === true} onChange={onChange} />;
  if (NUMBER.includes(field))
    return (
      <InputNumber aria-label={label} value={value as number} onChange={(v) => onChange(v ?? 0)} min={0} />
    );
  if (field === 'kioskApp')
    return (
      <AppPicker label={label} value={value as string | null} onChange={onChange} testId="policy-kiosk-app" />
    );
  if (field === 'allowedApps')
    return (
      <AppPicker
        multiple
        label={label}
        value={value as string[]}
        onChange={onChange}
        testId="policy-allowed-apps"
      />
    );
  if (field === 'requiredApps') {
    // Picked by package; the accepted versions of apps kept in the list stay as they were.
    const kept = new Map((value as RequiredApp[]).map((a) => [a.packageName, a]));
    return (
      <AppPicker
        multiple
        label={label}
        value={[...kept.keys()]}
        onChange={(pkgs) => onChange(pkgs.map((p) => kept.get(p) ?? { packageName: p }))}
        testId="policy-required-apps"
      />
    );
  }
  if (field === 'wallpaper' || field === 'bootAnimation')
    return <MediaPicker kind={field} label={label} value={value as string | null} onChange={onChange} />;
  if (TEXT.includes(field))
    return (
      <Input
        aria-label={label}
        value={(value as string | null) ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
        style={{ width: 260 }}
      />
    );
  return <JsonInput label={label} value={value} onChange={onChange} />;
};

const JsonInput = ({
  label,
  value,
  onChange,
}: {
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
}) => {
  const [text, setText] = useState(JSON.stringify(value, null, 1));
  const [bad, setBad] = useState(false);
  return (
    <Input.TextArea
      aria-label={label}
      status={bad ? 'error' : undefined}
      value={text}
      autoSize={{ minRows: 1, maxRows: 6 }}
      style={{ width: 320, fontFamily: 'monospace' }}
      onChange={(e) => {
        setText(e.target.value);
        try {
          onChange(JSON.parse(e.target.value));
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
};

/** The policy editor: fields by group, each with its value, severity and lock, and why this version. */
export const PolicyEditor = ({
  policy,
  open,
  onClose,
  onSaved,
}: {
  policy: PolicyDetail | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t, i18n } = useTranslation('policies');
  const [rows, setRows] = useState(() => rowsOf(policy?.fields));
  const [name, setName] = useState(policy?.name ?? '');
  const [description, setDescription] = useState(policy?.description ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const set = (k: string, patch: Partial<Row>) => setRows((r) => ({ ...r, [k]: { ...r[k], ...patch } }));

  const save = async () => {
    setSaving(true);
    setErrors([]);
    const fields = Object.fromEntries(
      Object.entries(rows)
        .filter(([, r]) => r.on)
        .map(([k, r]) => [k, { value: r.value, severity: r.severity, locked: r.locked }]),
    ) as PolicyFields;
    try {
      await call(policiesRoutes.save, {
        body: { id: policy?.id, name, description: description || undefined, fields, reason },
        notifySuccess: true,
        silent: true,
      });
      onSaved();
    } catch (err) {
      const env = err instanceof ApiError ? err.envelope : null;
      const list =
        (env?.result as { errors?: { message: string; messageEn: string }[] } | null)?.errors ?? [];
      const zh = i18n.language.startsWith('zh');
      setErrors([
        err instanceof Error ? err.message : String(err),
        ...list.map((e) => (zh ? e.message : e.messageEn)),
      ]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={policy ? t('edit') : t('add')}
      destroyOnHidden
      data-testid="policy-editor"
      extra={
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="primary"
            loading={saving}
            onClick={() => void save()}
            data-testid="policy-editor-save"
          >
            {t('save')}
          </Button>
        </Space>
      }
    >
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={errors[0]}
          description={errors.slice(1).join('\n')}
          data-testid="policy-editor-error"
        />
      )}
      <Form name="policy-editor" layout="vertical">
        <Form.Item label={t('name')} required>
          <Input
            aria-label={t('name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            data-testid="policy-name"
          />
        </Form.Item>
        <Form.Item label={t('description')}>
          <Input
            aria-label={t('description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={t('reason')} required extra={t('reasonHelp')}>
          <Input
            aria-label={t('reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="policy-reason"
          />
        </Form.Item>
      </Form>
      {Object.entries(POLICY_FIELD_GROUPS).map(([group, keys]) => (
        <Card key={group} size="small" title={t(`groups.${group}`)} style={{ marginBottom: 12 }}>
          {keys.map((k) => {
            const r = rows[k];
            return (
              <div
                key={k}
                style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 8 }}
                data-testid={`policy-field-${k}`}
              >
                <Checkbox
                  checked={r.on}
                  onChange={(e) => set(k, { on: e.target.checked })}
                  style={{ width: 200 }}
                >
                  {t(`fields.${k}`)}
                </Checkbox>
                {r.on && (
                  <>
                    <ValueInput field={k} value={r.value} onChange={(value) => set(k, { value })} />
                    <Select
                      aria-label={t('severity')}
                      value={r.severity}
                      style={{ width: 120 }}
                      onChange={(severity) => set(k, { severity })}
                      options={POLICY_SEVERITIES.map((s) => ({ value: s, label: t(`severities.${s}`) }))}
                    />
                    <Checkbox checked={r.locked} onChange={(e) => set(k, { locked: e.target.checked })}>
                      {t('lock')}
                    </Checkbox>
                  </>
                )}
              </div>
            );
          })}
        </Card>
      ))}
    </Drawer>
  );
};
