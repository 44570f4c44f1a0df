import { isStrongPassword, LIMITS } from '@cpm/contracts';
import { type FormRule, Input } from 'antd';
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
