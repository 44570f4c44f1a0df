import { type AppVersion, DEFAULT_HEALTH_THRESHOLDS } from '@cpm/contracts';
import { appMarketRoutes } from '@cpm/contracts/routes';
import { Form, Input, InputNumber, Modal, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import type { DialogProps } from '../../../shared/crud';
import { GridItem } from '../../../shared/crud/GridItem';
import { testIdProps } from '../../../shared/testId';

type Fields = {
  sns: string;
  crashRatio: number;
  minCrashes: number;
  maxInstallFailureRate: number;
  maxOfflineExcess: number;
};

/** Gray release of an approved version to target SNs (required, comma-separated) with its health gate. */
export const GrayReleaseModal = ({
  version,
  onClose,
  onSaved,
}: DialogProps<{ version: AppVersion | null }>) => {
  const { t } = useTranslation('appmarket');
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let v: Fields;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!version) return;
    setBusy(true);
    try {
      await call(appMarketRoutes.release, {
        body: {
          id: version.id,
          action: 'gray',
          sns: v.sns,
          health: {
            crashRatio: v.crashRatio,
            minCrashes: v.minCrashes,
            maxInstallFailureRate: v.maxInstallFailureRate / 100,
            maxOfflineExcess: v.maxOfflineExcess / 100,
          },
        } as never,
        notifySuccess: true,
      });
      form.resetFields();
      onSaved();
    } catch {
      // The HTTP client showed why (unknown SNs, wrong state); the dialog stays open.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={version !== null}
      title={t('grayTitle', { name: version?.versionName ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('grayRelease')}
      okButtonProps={{ loading: busy, ...testIdProps('gray-submit') }}
      destroyOnHidden
      width={600}
    >
      <Form
        name="gray-release"
        form={form}
        layout="vertical"
        initialValues={{
          crashRatio: DEFAULT_HEALTH_THRESHOLDS.crashRatio,
          minCrashes: DEFAULT_HEALTH_THRESHOLDS.minCrashes,
          maxInstallFailureRate: DEFAULT_HEALTH_THRESHOLDS.maxInstallFailureRate * 100,
          maxOfflineExcess: DEFAULT_HEALTH_THRESHOLDS.maxOfflineExcess * 100,
        }}
      >
        <Form.Item
          name="sns"
          label={t('graySns')}
          extra={t('graySnsHint')}
          rules={[{ required: true, whitespace: true, message: t('graySnsRequired') }]}
        >
          <Input.TextArea rows={3} placeholder="SN001,SN002" data-testid="gray-sns" />
        </Form.Item>
        <Typography.Title level={5}>{t('healthGate')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('healthGateHint')}</Typography.Paragraph>
        <Row gutter={16}>
          <GridItem col={{ xs: 24, sm: 12 }} name="crashRatio" label={t('thresholds.crashRatio')}>
            <InputNumber min={1} max={100} step={0.5} addonAfter="×" style={{ width: '100%' }} />
          </GridItem>
          <GridItem col={{ xs: 24, sm: 12 }} name="minCrashes" label={t('thresholds.minCrashes')}>
            <InputNumber min={1} max={10000} style={{ width: '100%' }} />
          </GridItem>
          <GridItem
            col={{ xs: 24, sm: 12 }}
            name="maxInstallFailureRate"
            label={t('thresholds.maxInstallFailureRate')}
          >
            <InputNumber min={0} max={100} addonAfter="%" style={{ width: '100%' }} />
          </GridItem>
          <GridItem col={{ xs: 24, sm: 12 }} name="maxOfflineExcess" label={t('thresholds.maxOfflineExcess')}>
            <InputNumber min={0} max={100} addonAfter="%" style={{ width: '100%' }} />
          </GridItem>
        </Row>
      </Form>
    </Modal>
  );
};
