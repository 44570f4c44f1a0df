import { type TerminalRow, TerminalSaveSchema } from '@cpm/contracts';
import { devicesRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud';
import { ModelSelect } from '../../../shared/crud/ModelSelect';
import { type ObjectSchema, zodRules } from '../../../shared/crud/zodForm';
import { FLEET_QUERY_ROOT } from '../../../shared/live/useLiveEvents';

type Values = {
  sn: string;
  name: string;
  platform: 'android' | 'linux' | 'windows';
  modelId: string;
  groupId: string;
  storeName: string;
  mac: string;
  password?: string;
};

/** "Add device" (and edit): the contract's required fields and the terminal password rule. */
export const AddDeviceDialog = ({
  open,
  editing,
  onClose,
  onSaved,
}: DialogProps<{ open: boolean; editing: TerminalRow | null }>) => {
  const { t, i18n } = useTranslation('devices');
  const [form] = Form.useForm<Values>();
  // The contract's rules and texts, as every other form shows them.
  const rules = (name: keyof Values) =>
    zodRules(TerminalSaveSchema as unknown as ObjectSchema, name, i18n.language);
  const groups = useQuery({
    queryKey: [FLEET_QUERY_ROOT, 'groups'],
    queryFn: () => call(devicesRoutes.groupOptions, { loading: false }),
    enabled: open,
  });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        sn: editing.sn,
        name: editing.name,
        platform: editing.platform as Values['platform'],
        modelId: editing.modelId ?? undefined,
        groupId: editing.groupId ?? undefined,
        storeName: editing.storeName,
        mac: editing.mac ?? '',
      });
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    await call(devicesRoutes.terminalSave, {
      body: { ...values, id: editing?.id, password: values.password || undefined },
      notifySuccess: true,
    });
    onSaved();
  };

  return (
    <Modal
      open={open}
      title={editing ? t('edit') : t('add')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('save')}
      cancelText={t('cancel')}
      destroyOnHidden
      data-testid="add-device-dialog"
    >
      <Form name="add-device" form={form} layout="vertical" initialValues={{ platform: 'android' }}>
        <Form.Item name="sn" label={t('sn')} rules={rules('sn')}>
          <Input disabled={!!editing} />
        </Form.Item>
        <Form.Item name="name" label={t('name')} rules={rules('name')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="platform" label={t('platform')} rules={rules('platform')}>
          <Select
            options={(['android', 'linux', 'windows'] as const).map((v) => ({
              value: v,
              label: t(`platforms.${v}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="modelId" label={t('model')} rules={rules('modelId')}>
          <ModelSelect />
        </Form.Item>
        <Form.Item name="groupId" label={t('group')} rules={rules('groupId')}>
          <Select
            showSearch
            optionFilterProp="label"
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
        <Form.Item name="storeName" label={t('storeName')} rules={rules('storeName')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="mac" label={t('mac')} rules={rules('mac')}>
          <Input placeholder="00:11:22:33:44:55" />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={rules('password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
