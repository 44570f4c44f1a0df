import { isStrongPassword, LIMITS } from '@cpm/contracts';
import { Form, type FormRule, Input } from 'antd';
import type { PasswordProps } from 'antd/es/input';

/** Refuses, with `message`, a password the server's policy would refuse. */
export const strongPasswordRule = (message: string): FormRule => ({
  validator: (_, value?: string) =>
    !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** Refuses, with `message`, a confirmation that differs from the password in `field`. */
export const sameAsRule =
  (field: string, message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, value?: string) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(message)),
  });

/** A new password's input: the browser may offer to generate one, and it is no longer than the server takes. */
export const NewPasswordInput = (props: PasswordProps) => (
  <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordMax} {...props} />
);

type PasswordField = {
  name: string;
  label: string;
  /** Said when the field is left empty. */
  required: string;
  placeholder?: string;
  testId: string;
};

type NewPasswordFieldsProps = {
  password: PasswordField;
  confirm: PasswordField;
  /** The server's password policy, shown under the password. */
  policy: string;
  /** Said when the password breaks the policy. */
  tooSimple: string;
  /** Said when the confirmation differs. */
  mismatch: string;
};

/** A new password and its confirmation: the policy checked as the server checks it, the two kept equal. */
export const NewPasswordFields = ({
  password,
  confirm,
  policy,
  tooSimple,
  mismatch,
}: NewPasswordFieldsProps) => (
  <>
    <Form.Item
      name={password.name}
      label={password.label}
      extra={policy}
      rules={[{ required: true, message: password.required }, strongPasswordRule(tooSimple)]}
    >
      <NewPasswordInput placeholder={password.placeholder} data-testid={password.testId} />
    </Form.Item>
    <Form.Item
      name={confirm.name}
      label={confirm.label}
      dependencies={[password.name]}
      rules={[{ required: true, message: confirm.required }, sameAsRule(password.name, mismatch)]}
    >
      <NewPasswordInput placeholder={confirm.placeholder} data-testid={confirm.testId} />
    </Form.Item>
  </>
);
