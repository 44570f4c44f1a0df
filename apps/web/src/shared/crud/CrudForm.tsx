import { Button, Drawer, Form, type FormInstance, type FormItemProps, Modal, Space } from 'antd';
import { createContext, type ReactNode, use, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../api/httpClient';
import { LazySchema, type SchemaSource } from './lazySchema';
import { OtherErrors } from './OtherErrors';
import { StartFromInitialValues } from './StartFromInitialValues';
import { applyServerErrors, type ObjectSchema, toContractValues, zodRules } from './zodForm';

const SchemaContext = createContext<ObjectSchema | null>(null);

/** What a form of this contract schema holds and sends: the body the endpoint accepts. */
export type FormValues<S extends ObjectSchema> = z.input<S>;

/** A field name of the form's values; any text for a form whose values are not named. */
export type FieldName<V> = keyof V & string;

export type CrudFieldProps<V = Record<string, unknown>> = Omit<FormItemProps, 'name'> & {
  name: FieldName<V>;
};

/**
 * A form field whose rules come from the surrounding form's contract schema, then its own `rules` (what
 * the input knows that the value does not show); `required` also makes a field the contract leaves
 * optional required in this form.
 */
export const CrudField = <V = Record<string, unknown>>({
  name,
  required,
  rules = [],
  ...rest
}: CrudFieldProps<V>) => {
  const schema = useContext(SchemaContext);
  const { i18n } = useTranslation();
  const contract = schema ? zodRules(schema, name, i18n.language, required) : [];
  return <Form.Item name={name} rules={[...contract, ...rules]} {...rest} />;
};

/**
 * A form's name: the one given, else one unique in the document. antd puts it before every field's id,
 * so a label focuses its own form's field even when another form on the page has a field of that name.
 */
export const useFormName = (given?: string) => {
  const unique = `form-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  return given ?? unique;
};

/** A row being edited may hold nulls where the form leaves a field empty. */
export type InitialValues<V> = { [K in keyof V]?: V[K] | null };

export type CrudFormProps<S extends ObjectSchema, V extends FormValues<S> = FormValues<S>> = {
  open: boolean;
  title: ReactNode;
  /**
   * The contract's body schema: rules, required marks and which values are sent. A `lazySchema` is
   * fetched when the form first shows (its Suspense boundary waits for it).
   */
  schema: SchemaSource<S>;
  /** Values to edit; the schema's defaults apply when creating. */
  initialValues?: InitialValues<V>;
  /** Saves; a refused save keeps the form open with the server's texts on the fields. */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  onSaved?: () => void;
  /** A conflict (409) that belongs to one field, e.g. a taken name. */
  conflictField?: FieldName<V>;
  variant?: 'modal' | 'drawer';
  width?: number;
  children: ReactNode;
  /**
   * Also the form's name, which antd puts before each field's id so ids stay unique on a page; a form
   * without one is named uniquely, so two of them never share ids.
   */
  testId?: string;
  form?: FormInstance<V>;
};

/** Create and edit in a modal or a drawer, validated by the contract's zod schema. */
export const CrudFormModal = <S extends ObjectSchema>({
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
}: CrudFormProps<S>) => {
  type V = FormValues<S>;
  const name = useFormName(testId === 'crud-form' ? undefined : testId);
  const { t, i18n } = useTranslation('crud');
  const schema: S = source instanceof LazySchema ? use(source.load()) : source;
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
      // Field errors are set by name, as the server spells them, not through the values' type.
      const fields: Pick<FormInstance, 'setFields'> = form;
      const rest = applyServerErrors(fields, error, names, i18n.language);
      if (conflictField && error instanceof ApiError && error.code === 409)
        fields.setFields([{ name: conflictField, errors: [error.message] }]);
      else setOther(rest);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  const body = (
    <SchemaContext.Provider value={schema}>
      <OtherErrors errors={other} />
      <Form
        name={name}
        form={form}
        layout="vertical"
        data-testid={testId}
        initialValues={initialValues}
        onFinish={() => void submit()}
      >
        <StartFromInitialValues />
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
