import { Form } from 'antd';
import { useEffect } from 'react';

/**
 * Puts the form back to exactly its initial values when it mounts (each opening): the form's store
 * outlives the dialog, and antd would otherwise keep what the last opening typed, or the edited
 * row's id, under the new initial values.
 */
export const StartFromInitialValues = () => {
  const form = Form.useFormInstance();
  useEffect(() => {
    form.resetFields();
  }, [form]);
  return null;
};
