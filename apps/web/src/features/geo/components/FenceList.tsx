import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Fence } from '@cpm/contracts';
import { Badge, Button, Card, Popconfirm, Space, Table, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Auth } from '../../../shared/auth/Auth';
import { IconButton } from '../../../shared/crud/IconButton';
import { fixedPaging, readRows } from '../../../shared/table/readRows';
import { clock } from '../lib/fenceShape';

type FenceListProps = {
  fences: Fence[];
  /** The page query: its total, and its state for the loading and error rows. */
  list: {
    data?: { total: number };
    isFetching: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  page: number;
  onPage: (page: number) => void;
  focusId: string | null;
  shapeText: (s: Pick<Fence, 'shape' | 'points' | 'radiusM'>) => string;
  height: string;
  onFocus: (f: Fence) => void;
  onEdit: (f: Fence) => void;
  onRemove: (f: Fence) => void;
};

/** The page of fences beside the map: a click focuses the fence there; edit and delete per row. */
export const FenceList = ({
  fences,
  list,
  page,
  onPage,
  focusId,
  shapeText,
  height,
  onFocus,
  onEdit,
  onRemove,
}: FenceListProps) => {
  const { t } = useTranslation('geo');
  const { token } = theme.useToken();
  return (
    <Card
      size="small"
      title={t('fence.listTitle')}
      style={{ flex: '1 1 560px', minWidth: 0, maxHeight: height, overflow: 'auto' }}
      data-testid="fence-list"
    >
      <Table<Fence>
        size="small"
        rowKey="id"
        loading={list.isFetching && !list.data}
        {...readRows(fences, list, t('fence.empty'))}
        scroll={{ x: 'max-content' }}
        onRow={(f) => ({ onClick: () => onFocus(f), style: { cursor: 'pointer' } })}
        rowClassName={(f) => (f.id === focusId ? 'ant-table-row-selected' : '')}
        pagination={{
          ...fixedPaging(page, 10, list.data?.total, onPage),
          size: 'small',
          hideOnSinglePage: true,
        }}
        columns={[
          {
            key: 'name',
            title: t('fence.name'),
            render: (_, f) => (
              <Space direction="vertical" size={0}>
                <Space size={6}>
                  <Typography.Text strong data-testid="fence-row-name">
                    {f.name}
                  </Typography.Text>
                  {!f.enabled && <Tag>{t('fence.off')}</Tag>}
                  {f.lockPayment && (
                    <Tag color="orange" data-testid="fence-row-locks">
                      {t('fence.locksPayment')}
                    </Tag>
                  )}
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {shapeText(f)} ·{' '}
                  {t('fence.targetsText', { groups: f.groupIds.length, terminals: f.terminalSns.length })}
                </Typography.Text>
                <Typography.Text style={{ fontSize: 12 }} data-testid="fence-row-rule">
                  {t(`fence.${f.rule}`)} ·{' '}
                  {f.activeFrom !== null && f.activeTo !== null
                    ? `${clock(f.activeFrom)}–${clock(f.activeTo)}`
                    : t('fence.always')}
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: 'violating',
            title: t('fence.violating'),
            align: 'center',
            render: (_, f) => (
              <Badge
                count={f.violating}
                showZero
                color={f.violating > 0 ? token.colorError : token.colorSuccess}
                data-testid="fence-violating"
              />
            ),
          },
          {
            key: 'actions',
            title: t('fence.actions'),
            render: (_, f) => (
              <Space size={0} onClick={(e) => e.stopPropagation()}>
                <Auth permission="device:fence:edit">
                  <IconButton
                    label={t('fence.edit')}
                    icon={<EditOutlined />}
                    onClick={() => onEdit(f)}
                    testId="fence-edit"
                  />
                </Auth>
                <Auth permission="device:fence:delete">
                  <Popconfirm
                    title={t('fence.deleteConfirm', { name: f.name })}
                    onConfirm={() => onRemove(f)}
                  >
                    <Tooltip title={t('fence.delete')}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('fence.delete')}
                        data-testid="fence-delete"
                      />
                    </Tooltip>
                  </Popconfirm>
                </Auth>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
};
