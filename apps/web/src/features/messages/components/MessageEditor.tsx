import {
  LIMITS,
  MESSAGE_SCOPES,
  type MessageScope,
  type MessageVo,
  type SaveMessageBody,
} from '@cpm/contracts';
import { messageRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Radio, Select, Space, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { messageKeys } from '../hooks/messageKeys';

// Quill and its styles load only when someone writes a message.
const RichTextEditor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

type EditorFieldProps = {
  /** The form field's id, given to the editing area so the field's label focuses it. */
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  placeholder: string;
};

/** The editor as a form field: the form hands value and onChange to this, not to the lazy boundary. */
const EditorField = ({ id, value, onChange, label, placeholder }: EditorFieldProps) => (
  <Suspense fallback={<Spin />}>
    <RichTextEditor id={id} value={value} onChange={onChange} label={label} placeholder={placeholder} />
  </Suspense>
);

type FormValues = { title: string; scope: MessageScope; targetIds: string[]; content: string };
type TargetScope = Exclude<MessageScope, 'all'>;

type MessageEditorProps = {
  /** The draft being edited, or null for a new message. */
  message: MessageVo | null;
  open: boolean;
  canPublish: boolean;
  saving: boolean;
  onCancel: () => void;
  onSave: (body: SaveMessageBody, publish: boolean) => void;
};

/** The form of a new or edited draft: title, recipients and rich text. */
export const MessageEditor = ({
  message,
  open,
  canPublish,
  saving,
  onCancel,
  onSave,
}: MessageEditorProps) => {
  const { t } = useTranslation('messages');
  const [form] = Form.useForm<FormValues>();
  const scope = Form.useWatch('scope', form) ?? message?.scope ?? 'all';
  const [keyword, setKeyword] = useState('');

  const targetScope = scope === 'all' ? null : (scope as TargetScope);
  const options = useQuery({
    queryKey: messageKeys.targets(targetScope ?? 'none', keyword),
    enabled: open && targetScope !== null,
    queryFn: () =>
      call(messageRoutes.targets, {
        query: { scope: targetScope as TargetScope, keyword: keyword || undefined },
        loading: false,
      }),
  });
  // Targets already chosen stay listed (with their names) whatever the search shows.
  const known = new Map((message?.scope === scope ? message.targets : []).map((o) => [o.id, o.name]));
  for (const o of options.data ?? []) known.set(o.id, o.name);

  const submit = async (publish: boolean) => {
    const values = await form.validateFields();
    onSave(
      {
        id: message?.id,
        title: values.title,
        content: values.content ?? '',
        scope: values.scope,
        targetIds: values.scope === 'all' ? [] : (values.targetIds ?? []),
      },
      publish,
    );
  };

  return (
    <Modal
      open={open}
      title={message ? t('manage.form.editTitle') : t('manage.form.createTitle')}
      onCancel={onCancel}
      width={820}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onCancel}>{t('manage.form.cancel')}</Button>
          <Button onClick={() => void submit(false)} loading={saving} data-testid="message-save">
            {t('manage.form.save')}
          </Button>
          {canPublish && (
            <Button
              type="primary"
              onClick={() => void submit(true)}
              loading={saving}
              data-testid="message-save-publish"
            >
              {t('manage.form.saveAndPublish')}
            </Button>
          )}
        </Space>
      }
    >
      <Form<FormValues>
        name="message"
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          title: message?.title ?? '',
          scope: message?.scope ?? 'all',
          targetIds: message?.targets.map((o) => o.id) ?? [],
          content: message?.content ?? '',
        }}
      >
        <Form.Item
          name="title"
          label={t('manage.form.title')}
          rules={[{ required: true, whitespace: true, message: t('manage.form.titleRequired') }]}
        >
          <Input
            maxLength={LIMITS.titleMax}
            showCount
            placeholder={t('manage.form.titlePlaceholder')}
            data-testid="message-title"
          />
        </Form.Item>
        <Form.Item name="scope" label={t('manage.form.scope')}>
          <Radio.Group
            optionType="button"
            onChange={() => {
              form.setFieldValue('targetIds', []);
              setKeyword('');
            }}
            options={MESSAGE_SCOPES.map((value) => ({
              value,
              label: <span data-testid={`message-scope-${value}`}>{t(`scope.${value}`)}</span>,
            }))}
          />
        </Form.Item>
        {targetScope && (
          <Form.Item
            name="targetIds"
            label={t('manage.form.targets')}
            rules={[{ required: true, type: 'array', min: 1, message: t('manage.form.targetsRequired') }]}
          >
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: (value) => setKeyword(value.trim()) }}
              placeholder={t('manage.form.targetsPlaceholder')}
              notFoundContent={options.isFetching ? <Spin size="small" /> : undefined}
              options={[...known].map(([value, label]) => ({ value, label }))}
              data-testid="message-targets"
            />
          </Form.Item>
        )}
        <Form.Item name="content" label={t('manage.form.content')}>
          <EditorField label={t('manage.form.content')} placeholder={t('manage.form.contentPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
