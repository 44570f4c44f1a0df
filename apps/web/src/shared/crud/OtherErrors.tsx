import { Alert } from 'antd';

/** The server's refusals that name no field of the form, above it; nothing when there are none. */
export const OtherErrors = ({ errors }: { errors: readonly string[] }) =>
  errors.length > 0 ? (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      message={errors.join('; ')}
      data-testid="form-other-errors"
    />
  ) : null;
