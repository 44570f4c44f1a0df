import type { CheckItem, Standard } from '@cpm/contracts';
import { Card, Space, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** How an item is checked: pass or fail, or a value with its limits and unit. */
export const checkText = (
  item: Pick<CheckItem, 'kind' | 'min' | 'max' | 'unit'>,
  t: TFunction<'support'>,
) => {
  if (item.kind === 'passFail') return t('editor.passFail');
  const unit = item.unit ?? '';
  if (item.min != null && item.max != null) return `${item.min}${unit} – ${item.max}${unit}`;
  if (item.min != null) return `≥ ${item.min}${unit}`;
  if (item.max != null) return `≤ ${item.max}${unit}`;
  return t('editor.value');
};

/** A version's standards, each a card with its content items. */
export const ChecklistView = ({ standards }: { standards: readonly Standard[] }) => {
  const { t } = useTranslation('support');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="checklist">
      {standards.map((s) => (
        <Card key={s.name} size="small" title={s.name}>
          <Table<CheckItem>
            rowKey="key"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={s.items}
            columns={[
              { key: 'content', title: t('records.content'), dataIndex: 'content' },
              { key: 'check', title: t('editor.kind'), render: (_, item) => checkText(item, t) },
              {
                key: 'photo',
                title: t('records.photo'),
                dataIndex: 'photoRequired',
                render: (v: boolean) => (v ? <Tag color="blue">{t('records.photoRequired')}</Tag> : '-'),
              },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
};
