import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** A six-digit code as typed: digits only. */
export const cleanOtp = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The longest recovery code the field keeps. */
const RECOVERY_CODE_MAX = 32;

/**
 * The labelled code field of a second factor: the authenticator's six digits, or a recovery code.
 * The login page's second step and the step-up dialog share it, so both take a code alike.
 */
export const FactorCodeInput = ({
  id,
  recovery,
  value,
  onChange,
  invalid = false,
  labelStyle,
  testId,
}: {
  /** The input's id, which its label names. */
  id: string;
  /** Takes a recovery code rather than the authenticator's code. */
  recovery: boolean;
  value: string;
  onChange: (value: string) => void;
  /** Shows the field as refused. */
  invalid?: boolean;
  labelStyle?: CSSProperties;
  testId: string;
}) => {
  const { t } = useTranslation('auth');
  return (
    <>
      <label htmlFor={id} style={labelStyle}>
        {recovery ? t('factor.recoveryLabel') : t('factor.codeLabel')}
      </label>
      <Input
        id={id}
        size="large"
        prefix={<SafetyCertificateOutlined />}
        value={value}
        onChange={(e) =>
          onChange(recovery ? e.target.value.slice(0, RECOVERY_CODE_MAX) : cleanOtp(e.target.value))
        }
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
        status={invalid ? 'error' : undefined}
        data-testid={testId}
      />
    </>
  );
};
