import { devicesRoutes } from '@cpm/contracts/routes';
import { Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/http';
import { useFleetOptions } from '../../../shared/dicts/useFleetOptions';

/** Moves terminals to another group (and with it the group's enterprise); `onMoved` after the server took it. */
export const MoveDialog = ({
  sns,
  open,
  onClose,
  onMoved,
}: {
  sns: string[];
  open: boolean;
  onClose: () => void;
  onMoved: () => void;
}) => {
  const { t } = useTranslation('devices');
  const options = useFleetOptions();
  const [group, setGroup] = useState<string>();
  const move = async () => {
    if (!group) return;
    await call(devicesRoutes.terminalMove, { body: { sns, groupId: group }, notifySuccess: true });
    setGroup(undefined);
    onMoved();
  };
  return (
    <Modal
      open={open}
      title={t('move')}
      onCancel={onClose}
      onOk={() => void move()}
      okText={t('save')}
      okButtonProps={{ disabled: !group, 'data-testid': 'move-ok' } as never}
      cancelText={t('cancel')}
    >
      <Form name="move" layout="vertical" data-testid="move-form">
        <Typography.Paragraph type="secondary">
          {t('moveSelected', { count: sns.length })}
        </Typography.Paragraph>
        <Form.Item label={t('moveTarget')} htmlFor="move-group" required>
          <Select
            id="move-group"
            showSearch
            optionFilterProp="label"
            placeholder={t('moveTargetPlaceholder')}
            value={group}
            onChange={setGroup}
            options={options.groups}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
