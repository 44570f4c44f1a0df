import { CopyOutlined } from '@ant-design/icons';
import type { TotpEnrolment as Enrolment } from '@cpm/contracts';
import { Alert, Button, Input, QRCode, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanOtp } from '../../../shared/auth/FactorCodeInput';

/**
 * Enrolling an authenticator: the QR code of the otpauth URI and the secret to type by hand, then a
 * code from the app to confirm; once confirmed, the recovery codes, shown this one time.
 */
export const TotpEnrolment = ({
  start,
  confirm,
  onDone,
  doneLabel,
}: {
  /** Makes the secret (called once when shown). */
  start: () => Promise<Enrolment>;
  /** Confirms with a code; answers the recovery codes. */
  confirm: (otp: string) => Promise<{ recoveryCodes: string[] }>;
  /** After the user has seen the recovery codes. */
  onDone: () => void;
  doneLabel: string;
}) => {
  const { t } = useTranslation('auth');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [failed, setFailed] = useState(false);
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start()
      .then(setEnrolment)
      .catch(() => setFailed(true));
  }, [start]);

  const submit = async () => {
    if (otp.length !== 6) return;
    setBusy(true);
    try {
      setCodes((await confirm(otp)).recoveryCodes);
    } catch {
      // The client showed why (a wrong code); the user types the next one.
      setOtp('');
    } finally {
      setBusy(false);
    }
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneLabel={doneLabel} />;
  if (failed) return <Alert type="error" showIcon title={t('factor.startFailed')} />;
  return (
    <div className="cpm-totp-enrol" data-testid="totp-enrol">
      <Typography.Paragraph>{t('factor.scan')}</Typography.Paragraph>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'center' }}>
        <QRCode
          value={enrolment?.otpauthUri ?? '-'}
          status={enrolment ? 'active' : 'loading'}
          size={168}
          bgColor="#fff"
          color="#000"
          aria-label={t('factor.qrLabel')}
        />
        <div style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Typography.Text type="secondary">{t('factor.secretLabel')}</Typography.Text>
          <Typography.Paragraph
            code
            copyable={enrolment ? { text: enrolment.secret } : false}
            data-testid="totp-secret"
            style={{ wordBreak: 'break-all' }}
          >
            {enrolment?.secret ?? ''}
          </Typography.Paragraph>
        </div>
      </div>
      <form
        noValidate
        style={{ marginTop: 16 }}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="totp-confirm-code">{t('factor.codeLabel')}</label>
        <Space.Compact style={{ width: '100%', marginTop: 4 }}>
          <Input
            id="totp-confirm-code"
            value={otp}
            onChange={(e) => setOtp(cleanOtp(e.target.value))}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            maxLength={6}
            data-testid="totp-confirm-code"
          />
          <Button
            type="primary"
            htmlType="submit"
            loading={busy}
            disabled={!enrolment || otp.length !== 6}
            data-testid="totp-confirm"
          >
            {t('factor.confirm')}
          </Button>
        </Space.Compact>
      </form>
    </div>
  );
};

/** The recovery codes of a new enrolment, with a copy button; they are never shown again. */
export const RecoveryCodes = ({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) => {
  const { t } = useTranslation('auth');
  return (
    <div data-testid="recovery-codes">
      <Alert
        type="warning"
        showIcon
        title={t('factor.recoveryTitle')}
        description={t('factor.recoveryText')}
      />
      <ol className="cpm-recovery-codes" style={{ columns: 2, margin: '16px 0', fontFamily: 'monospace' }}>
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button icon={<CopyOutlined />} onClick={() => void navigator.clipboard?.writeText(codes.join('\n'))}>
          {t('factor.copyCodes')}
        </Button>
        <Button type="primary" onClick={onDone} data-testid="recovery-done">
          {doneLabel}
        </Button>
      </Space>
    </div>
  );
};
