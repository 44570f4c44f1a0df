import { devicesRoutes, supportRoutes } from '@cpm/contracts/routes';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import type { DialogProps } from '../../../shared/crud';
import {
  CrudFormModal,
  GridField,
  lazySchema,
  type PickerOption,
  queryKeys,
  SearchSelect,
} from '../../../shared/crud';
import { useDict } from '../../../shared/dicts/useDict';
import { Upload } from '../../../shared/upload/Upload';
import { rulesForKind, uploadUrlForKind } from '../../../shared/upload/uploadRules';
import { useOrderTerminal } from '../hooks/useOrderTerminal';
import { AssigneeSelect } from './AssigneeSelect';

/** The form's contract loads when the form first opens (with zod), not with the list. */
const orderSaveSchema = lazySchema(() =>
  import('@cpm/contracts/support/orders.contract').then((m) => m.OrderSaveSchema),
);

/**
 * Terminals the caller sees, by SN prefix, with what tells them apart below. Without the right to list terminals the
 * list stays empty and a typed SN is still looked up.
 */
const loadTerminals = async (sn: string | undefined): Promise<PickerOption[]> => {
  const page = await call(devicesRoutes.terminalPage, {
    query: { current: 1, size: 20, ...(sn ? { sn } : {}) },
    loading: false,
    silent: true,
  }).catch(() => null);
  return (page?.records ?? []).map((r) => ({
    value: r.sn,
    label: r.sn,
    // What tells two terminals apart besides the SN: a name of their own, the model, the store.
    detail: [r.name !== r.sn ? r.name : null, r.modelName, r.storeName || r.groupName]
      .filter(Boolean)
      .join(' · '),
  }));
};

/**
 * Opening an order: for a terminal picked or typed by SN (model, enterprise and store are filled from the server and
 * locked) or by hand, with photos and videos. One request key per opening, so a double click or a
 * retry opens one order.
 */
export const OrderFormDrawer = ({ open, onClose, onSaved }: DialogProps) => {
  const { t } = useTranslation('support');
  const [mediaIds, setMediaIds] = useState<string[]>([]);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const priorities = useDict('order_priority');
  const faults = useDict('fault_type');
  const [form] = Form.useForm();
  const { lookup, lookUp, snEdited, reset, snRule } = useOrderTerminal(form);
  useEffect(() => {
    if (!open) return;
    setMediaIds([]);
    setRequestKey(crypto.randomUUID());
    reset();
  }, [open, reset]);
  const found = lookup.state === 'found' ? lookup.terminal : null;
  // A refused SN shows only the refusal: the hint under it would crowd the field below on a phone.
  const snExtra =
    lookup.state === 'looking'
      ? t('orders.snLooking')
      : found
        ? t('orders.snFound', { sn: found.sn })
        : lookup.state === 'unknown'
          ? undefined
          : t('orders.snHint');
  return (
    <CrudFormModal
      open={open}
      title={t('orders.add')}
      testId="order-form"
      variant="drawer"
      width={640}
      schema={orderSaveSchema}
      form={form}
      initialValues={{ priority: 'normal' }}
      onClose={onClose}
      onSubmit={(values) => {
        // The date picker holds a dayjs value; the contract takes an ISO time.
        const dueAt = values.dueAt ? dayjs(values.dueAt).toISOString() : undefined;
        return call(supportRoutes.save, {
          body: { ...values, dueAt, mediaIds, requestKey },
          notifySuccess: true,
        });
      }}
      onSaved={onSaved}
    >
      <Row gutter={16}>
        <GridField name="sn" label={t('orders.sn')} extra={snExtra} rules={[snRule]}>
          <SearchSelect
            queryKey={[...queryKeys.supportOrders.all, 'terminals']}
            load={loadTerminals}
            offerTyped
            allowClear
            placeholder={t('orders.snPlaceholder')}
            notFound={t('orders.snNone')}
            testId="order-sn"
            onChange={() => {
              snEdited();
              void lookUp();
            }}
          />
        </GridField>
        <GridField
          name="storeName"
          label={t('orders.store')}
          extra={found && !found.storeName ? t('orders.storeMissing') : undefined}
        >
          <Input readOnly={Boolean(found?.storeName)} data-testid="order-store" />
        </GridField>
        <GridField name="modelName" label={t('orders.model')}>
          <Input readOnly={Boolean(found)} data-testid="order-model" />
        </GridField>
        <GridField name="enterpriseName" label={t('orders.enterprise')}>
          <Input readOnly={Boolean(found)} data-testid="order-enterprise" />
        </GridField>
        <GridField name="contact" label={t('orders.contact')}>
          <Input data-testid="order-contact" />
        </GridField>
        <GridField name="phone" label={t('orders.phone')}>
          <Input data-testid="order-phone" />
        </GridField>
        <GridField name="faultType" label={t('orders.faultType')}>
          <Select options={faults.options} data-testid="order-fault" />
        </GridField>
        <GridField name="priority" label={t('orders.priority')}>
          <Select options={priorities.options} />
        </GridField>
        <GridField span="full" name="description" label={t('orders.description')}>
          <Input.TextArea rows={3} data-testid="order-description" />
        </GridField>
        <Auth permission="support:order:handle">
          <GridField name="assigneeId" label={t('orders.assignee')}>
            <AssigneeSelect testId="order-assignee" />
          </GridField>
        </Auth>
        <GridField name="dueAt" label={t('orders.dueAt')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </GridField>
        <Col xs={24}>
          <Form.Item label={t('orders.media')}>
            <Upload<{ id: string }>
              action={uploadUrlForKind('supportMedia')}
              rules={rulesForKind('supportMedia', { maxCount: 9 })}
              testId="order-media"
              onUploaded={(blob) => setMediaIds((ids) => [...ids, blob.id])}
            />
          </Form.Item>
        </Col>
      </Row>
    </CrudFormModal>
  );
};
