import { useCallback, useState } from 'react';

export type LoginForm = { username: string; password: string; captchaCode: string };
export type LoginField = keyof LoginForm;

const EMPTY: LoginForm = { username: '', password: '', captchaCode: '' };

/** Which fields are missing; an account or captcha of spaces counts as missing. */
export const missingFields = (values: LoginForm): LoginField[] =>
  (Object.keys(values) as LoginField[]).filter((field) =>
    field === 'password' ? values.password === '' : values[field].trim() === '',
  );

/**
 * The sign-in form's state: three required fields, each checked once the user has left it or tried
 * to submit, as the console's other forms do. Small enough that the sign-in page does not need the
 * form engine the rest of the console loads.
 */
export const useLoginForm = () => {
  const [values, setValues] = useState<LoginForm>(EMPTY);
  const [checked, setChecked] = useState<ReadonlySet<LoginField>>(new Set());
  const missing = new Set(missingFields(values));
  const set = useCallback(
    (field: LoginField, value: string) => setValues((v) => ({ ...v, [field]: value })),
    [],
  );
  const leave = useCallback((field: LoginField) => setChecked((c) => new Set(c).add(field)), []);
  return {
    values,
    /** True when the field is required, missing and already checked. */
    failed: (field: LoginField) => checked.has(field) && missing.has(field),
    set,
    leave,
    /** Marks every field checked; answers the values when nothing is missing. */
    validate: (): LoginForm | null => {
      setChecked(new Set(Object.keys(EMPTY) as LoginField[]));
      return missing.size === 0 ? values : null;
    },
  };
};
