import { ALERT_CHANNELS, ALERT_NOTICE_MODES, ALERT_SEVERITIES, type AlertPreferences } from '@cpm/contracts';
import { alertsRoutes } from '@cpm/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { NotLoaded } from '../../../shared/page/NotLoaded';

/** The signed-in user's own choice of alert notices: per severity, and channels muted. */
export const PreferencesModal = ({ open, onClose }: { open: boolean; onClose(): void }) => {
  const { t } = useTranslation('alerts');
  const [form] = Form.useForm<AlertPreferences>();
  const q = useQuery({
    queryKey: ['alerts', 'preferences'],
    enabled: open,
    queryFn: () => call(alertsRoutes.preferences, { loading: false }),
  });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  return (
    <Modal
      open={open}
      title={t('preferences')}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'alert-preferences-save' } as Record<`data-${string}`, string>}
      onOk={async () => {
        const v = form.getFieldsValue(true) as AlertPreferences;
        await call(alertsRoutes.savePreferences, {
          body: { modes: v.modes ?? {}, mutedChannels: v.mutedChannels ?? [] },
          notifySuccess: true,
        });
        onClose();
      }}
      destroyOnHidden
    >
      {q.data ? (
        <Form
          name="alert-preferences"
          form={form}
          layout="horizontal"
          labelCol={{ span: 8 }}
          initialValues={q.data}
        >
          {ALERT_SEVERITIES.map((s) => (
            <Form.Item key={s} name={['modes', s]} label={t(`severity.${s}`)}>
              <Select
                allowClear
                placeholder={t('modes.instant')}
                options={ALERT_NOTICE_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
              />
            </Form.Item>
          ))}
          <Form.Item name="mutedChannels" label={t('muted')}>
            <Checkbox.Group
              options={ALERT_CHANNELS.filter((c) => c !== 'webhook').map((c) => ({
                value: c,
                label: t(`channel.${c}`),
              }))}
            />
          </Form.Item>
        </Form>
      ) : (
        <NotLoaded query={q} />
      )}
    </Modal>
  );
};
