import { Alert, type FormInstance } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/httpClient';

/**
 * A step the user's password guards, sent from a dialog: while it runs the dialog waits, and a
 * refusal (a wrong password, someone else decided first) stays in the dialog with the password cleared.
 */
export const usePasswordStep = <K extends string>(form: FormInstance) => {
  const [busy, setBusy] = useState<K | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  return {
    busy,
    refused,
    /** Runs `step` as `which`; true once it succeeded and the form was emptied. */
    run: async (which: K, step: () => Promise<unknown>) => {
      setBusy(which);
      setRefused(null);
      try {
        await step();
        form.resetFields();
        return true;
      } catch (error) {
        if (error instanceof ApiError) setRefused(error.message);
        form.setFieldValue('password', '');
        return false;
      } finally {
        setBusy(null);
      }
    },
    /** Closes the dialog, forgetting what was typed and refused. */
    cancel: (onClose: () => void) => {
      setRefused(null);
      form.resetFields();
      onClose();
    },
  };
};

/** Why the server refused the step. */
export const RefusedAlert = ({ message, testId }: { message: string | null; testId: string }) =>
  message && (
    <Alert type="error" showIcon message={message} style={{ marginBottom: 12 }} data-testid={testId} />
  );
