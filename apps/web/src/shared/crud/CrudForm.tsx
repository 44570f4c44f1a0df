import { Alert, Button, Drawer, Form, type FormInstance, type FormItemProps, Modal, Space } from 'antd';
import { createContext, type ReactNode, use, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/httpClient';
import { LazySchema, type SchemaSource } from './lazySchema';
import { applyServerErrors, type ObjectSchema, toContractValues, zodRules } from './zodForm';

const SchemaContext = createContext<ObjectSchema | null>(null);

export type CrudFieldProps = Omit<FormItemProps, 'name' | 'rules'> & { name: string };

/**
 * A form field whose rules come from the surrounding form's contract schema; `required` also makes a
 * field the contract leaves optional required in this form.
 */
export const CrudField = ({ name, required, ...rest }: CrudFieldProps) => {
  const schema = useContext(SchemaContext);
  const { i18n } = useTranslation();
  return (
    <Form.Item name={name} rules={schema ? zodRules(schema, name, i18n.language, required) : []} {...rest} />
  );
};

export type CrudFormProps<V extends Record<string, unknown>> = {
  open: boolean;
  title: ReactNode;
  /**
   * The contract's body schema: rules, required marks and which values are sent. A `lazySchema` is
   * fetched when the form first shows (its Suspense boundary waits for it).
   */
  schema: SchemaSource;
  /** Values to edit; the schema's defaults apply when creating. */
  initialValues?: Partial<V>;
  /** Saves; a refused save keeps the form open with the server's texts on the fields. */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  onSaved?: () => void;
  /** A conflict (409) that belongs to one field, e.g. a taken name. */
  conflictField?: string;
  variant?: 'modal' | 'drawer';
  width?: number;
  children: ReactNode;
  testId?: string;
  form?: FormInstance<V>;
};

/** Create and edit in a modal or a drawer, validated by the contract's zod schema. */
export const CrudFormModal = <V extends Record<string, unknown>>({
  open,
  title,
  schema: source,
  initialValues,
  onSubmit,
  onClose,
  onSaved,
  conflictField,
  variant = 'modal',
  width = 560,
  children,
  testId = 'crud-form',
  form: external,
}: CrudFormProps<V>) => {
  const { t, i18n } = useTranslation('crud');
  const schema = source instanceof LazySchema ? use(source.load()) : source;
  const [own] = Form.useForm<V>();
  const form = external ?? own;
  const [saving, setSaving] = useState(false);
  // Set at once (a state update is not): a second click before the first one's render sends nothing.
  const busy = useRef(false);
  const [other, setOther] = useState<string[]>([]);

  useEffect(() => {
    if (open) setOther([]);
  }, [open]);

  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    setSaving(true);
    try {
      await form.validateFields();
    } catch {
      busy.current = false;
      setSaving(false);
      return;
    }
    // Every value, also those of the edited row that have no field here (e.g. a default state).
    const values = form.getFieldsValue(true) as V;
    setOther([]);
    try {
      await onSubmit(toContractValues(schema, values));
      onSaved?.();
    } catch (error) {
      const names = Object.keys(schema.shape);
      const rest = applyServerErrors(form, error, names, i18n.language);
      if (conflictField && error instanceof ApiError && error.code === 409)
        form.setFields([{ name: conflictField as never, errors: [error.message] }]);
      else setOther(rest);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const body = (
    <SchemaContext.Provider value={schema}>
      {other.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={other.join('; ')}
          data-testid="form-other-errors"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        data-testid={testId}
        initialValues={initialValues}
        onFinish={() => void submit()}
      >
        {children}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </SchemaContext.Provider>
  );
  const buttons = (
    <Space>
      <Button onClick={onClose}>{t('cancel')}</Button>
      <Button type="primary" loading={saving} onClick={() => void submit()} data-testid={`${testId}-save`}>
        {t('save')}
      </Button>
    </Space>
  );
  if (variant === 'drawer')
    return (
      <Drawer open={open} title={title} onClose={onClose} width={width} extra={buttons} destroyOnHidden>
        {body}
      </Drawer>
    );
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={buttons} width={width} destroyOnHidden>
      {body}
    </Modal>
  );
};
