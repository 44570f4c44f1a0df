import type { Fence } from '@cpm/contracts';
import {
  Alert,
  Button,
  Card,
  Form,
  type FormInstance,
  Input,
  Radio,
  Select,
  Space,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DrawnShape } from '../../../shared/map/drawTools';
import { TreePicker } from '../../../shared/tree/TreePicker';
import { shapeFields, type TreeOption } from '../lib/fenceShape';

/** The fence form's fields; the shape comes from the map, not the form. */
export type FenceFormValues = {
  name: string;
  rule: Fence['rule'];
  hours?: [Dayjs, Dayjs] | null;
  enabled: boolean;
  lockPayment: boolean;
  groupIds?: string[];
  terminalSns?: string[];
};

type FenceEditorProps = {
  form: FormInstance<FenceFormValues>;
  /** Whether a saved fence is edited (else a new one is drawn). */
  isNew: boolean;
  shape: DrawnShape | null;
  /** Save was pressed before a shape was drawn. */
  shapeMissing: boolean;
  saving: boolean;
  groupTree: TreeOption[];
  groupsLoading: boolean;
  shapeText: (s: Pick<Fence, 'shape' | 'points' | 'radiusM'>) => string;
  height: string;
  onCancel: () => void;
  onSave: () => void;
};

/** The card beside the map where a fence is named, aimed and given its rule and hours. */
export const FenceEditor = ({
  form,
  isNew,
  shape,
  shapeMissing,
  saving,
  groupTree,
  groupsLoading,
  shapeText,
  height,
  onCancel,
  onSave,
}: FenceEditorProps) => {
  const { t } = useTranslation('geo');
  return (
    <Card
      size="small"
      title={isNew ? t('fence.newTitle') : t('fence.editTitle')}
      style={{ flex: '1 1 380px', minWidth: 0, maxHeight: height, overflow: 'auto' }}
      data-testid="fence-editor"
      extra={
        <Space>
          <Button onClick={onCancel} data-testid="fence-cancel">
            {t('fence.cancel')}
          </Button>
          <Button type="primary" loading={saving} onClick={onSave} data-testid="fence-save">
            {t('fence.save')}
          </Button>
        </Space>
      }
    >
      <Form name="fence" form={form} layout="vertical" requiredMark="optional">
        <Form.Item label={t('fence.shape')} required>
          {shape ? (
            <Typography.Text data-testid="fence-shape">{shapeText(shapeFields(shape))}</Typography.Text>
          ) : null}
          <Alert
            type={shapeMissing && !shape ? 'error' : 'info'}
            showIcon
            message={shapeMissing && !shape ? t('fence.noShape') : t('fence.drawHint')}
            data-testid="fence-draw-hint"
            style={{ marginTop: shape ? 8 : 0 }}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('fence.name')}
          rules={[{ required: true, message: t('fence.nameRequired') }]}
        >
          <Input maxLength={64} data-testid="fence-name" />
        </Form.Item>
        <Form.Item name="rule" label={t('fence.rule')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            data-testid="fence-rule"
            options={[
              { value: 'inside', label: t('fence.inside') },
              { value: 'outside', label: t('fence.outside') },
            ]}
          />
        </Form.Item>
        <Form.Item name="hours" label={t('fence.hours')} extra={t('fence.hoursHint')}>
          <TimePicker.RangePicker
            format="HH:mm"
            order={false}
            allowEmpty={[false, false]}
            data-testid="fence-hours"
          />
        </Form.Item>
        <Form.Item name="groupIds" label={t('fence.groups')} extra={t('fence.groupsHint')}>
          <TreePicker multiple treeData={groupTree} loading={groupsLoading} data-testid="fence-groups" />
        </Form.Item>
        <Form.Item name="terminalSns" label={t('fence.terminals')} extra={t('fence.terminalsHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ', '\n']} data-testid="fence-terminals" />
        </Form.Item>
        <Form.Item name="enabled" label={t('fence.enabled')} valuePropName="checked">
          <Switch data-testid="fence-enabled" />
        </Form.Item>
        <Form.Item
          name="lockPayment"
          label={t('fence.lockPayment')}
          valuePropName="checked"
          extra={t('fence.lockPaymentHint')}
        >
          <Switch data-testid="fence-lock-payment" />
        </Form.Item>
      </Form>
    </Card>
  );
};
