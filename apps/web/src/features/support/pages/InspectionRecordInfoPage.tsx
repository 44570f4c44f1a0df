import { EnvironmentOutlined } from '@ant-design/icons';
import type { CheckedItem, RecordDetail } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../../api/http';
import { Auth } from '../../../shared/auth/Auth';
import { queryKeys } from '../../../shared/crud';
import { DescriptionList } from '../../../shared/detail/DescriptionList';
import { DetailPage } from '../../../shared/detail/DetailPage';
import { useDict } from '../../../shared/dicts/useDict';
import { checkText } from '../components/ChecklistView';
import { MediaGallery } from '../components/MediaGallery';
import { guessFaultType } from '../lib/guessFaultType';
import '../support.css';
import { formatTime } from '../../../shared/format/formatTime';

/** A failed item's order: the number once opened, else the fault type and the one button that opens it. */
const OpenOrder = ({ record, item }: { record: RecordDetail; item: CheckedItem }) => {
  const { t } = useTranslation('support');
  const faults = useDict('fault_type');
  const client = useQueryClient();
  const [fault, setFault] = useState<string | undefined>();
  // One key per item and page: pressing twice, or again after a lost answer, opens one order.
  const requestKey = useMemo(() => `rec-${crypto.randomUUID()}`, []);
  const open = useMutation({
    mutationFn: () =>
      call(supportRoutes.recordOpenOrder, {
        body: {
          id: record.id,
          key: item.key,
          faultType: fault ?? guessFaultType(item.content, faults.options) ?? 'other',
          requestKey,
        },
        notifySuccess: true,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.supportOrders.all }),
  });
  const opened = record.orders.find((o) => o.key === item.key);
  if (opened)
    return (
      <Link to={`/technicalSupport/index?view=${opened.orderId}`}>
        <Tag color="blue" data-testid={`record-order-${item.key}`}>
          {opened.number}
        </Tag>
      </Link>
    );
  return (
    <Auth permission="support:order:add">
      <Space.Compact style={{ maxWidth: '100%' }}>
        <Select
          style={{ minWidth: 140 }}
          placeholder={t('orders.faultType')}
          options={faults.options}
          value={fault ?? guessFaultType(item.content, faults.options)}
          onChange={setFault}
          data-testid={`record-fault-${item.key}`}
        />
        <Button
          type="primary"
          danger
          loading={open.isPending}
          disabled={open.isPending || open.isSuccess}
          onClick={() => open.mutate()}
          data-testid={`record-open-order-${item.key}`}
        >
          {t('records.openOrder')}
        </Button>
      </Space.Compact>
    </Auth>
  );
};

/** One item's result: passed or failed, the value against its limits, the note and the photos. */
const ItemResult = ({ record, item }: { record: RecordDetail; item: CheckedItem }) => {
  const { t } = useTranslation('support');
  return (
    <div data-testid={`record-item-${item.key}`}>
      <Space wrap size={[8, 4]} style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={[8, 4]}>
          <Tag color={item.ok ? 'green' : 'red'} data-testid={`record-result-${item.key}`}>
            {item.ok ? t('records.pass') : t('records.fail')}
          </Tag>
          <Typography.Text strong>{item.content}</Typography.Text>
        </Space>
        {!item.ok && <OpenOrder record={record} item={item} />}
      </Space>
      <div style={{ marginTop: 4 }}>
        <Typography.Text type="secondary">
          {item.kind === 'value'
            ? t('records.measured', { value: `${item.value}${item.unit ?? ''}`, limits: checkText(item, t) })
            : checkText(item, t)}
        </Typography.Text>
        {item.note && <Typography.Paragraph style={{ margin: '4px 0 0' }}>{item.note}</Typography.Paragraph>}
      </div>
      {item.photoIds.length > 0 && (
        <div style={{ marginTop: 8 }}>
          <MediaGallery
            items={item.photoIds.map((id) => ({ id, url: record.photoUrls[id] ?? '' }))}
            testId={`record-photos-${item.key}`}
          />
        </div>
      )}
    </div>
  );
};

/**
 * One inspection record (`inspectionRecordInfo?id=`): the visit (store, contact, phone, address,
 * inspector, time and place) and each item checked against the version it was filed for, with its
 * photos; a failed item opens an after-sales order in one step.
 */
export const InspectionRecordInfoPage = () => {
  const { t } = useTranslation('support');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({
    queryKey: [...queryKeys.supportOrders.all, 'record', id],
    enabled: Boolean(id),
    queryFn: () => call(supportRoutes.recordDetail, { query: { id }, loading: false, silent: true }),
  });
  const r = q.data;
  const back = { to: '/technicalSupport/inspectionRecord', label: t('records.backToList') };
  if (!id || q.isError || !r)
    return (
      <DetailPage
        title={t('records.title')}
        tabs={[]}
        loading={Boolean(id) && !q.isError}
        notFound={!id || q.isError}
        notFoundTitle={t('records.notFound')}
        back={back}
        testId="record-detail"
      />
    );
  const standards = [...new Set(r.results.map((c) => c.standard))];
  const place = r.lat != null && r.lng != null ? `${r.lat.toFixed(5)}, ${r.lng.toFixed(5)}` : null;
  return (
    <DetailPage
      testId="record-detail"
      back={back}
      title={`${r.processName} v${r.version}`}
      subtitle={`${r.storeName} · ${formatTime(r.visitedAt)}`}
      status={
        r.failedCount ? (
          <Tag color="red">{t('records.failedCount', { count: r.failedCount })}</Tag>
        ) : (
          <Tag color="green">{t('records.allPassed', { count: r.itemCount })}</Tag>
        )
      }
      tabs={[
        {
          key: 'result',
          label: t('records.results'),
          children: (
            <Space direction="vertical" size="large" style={{ width: '100%' }}>
              <div className="cpm-support-facts">
                <DescriptionList
                  testId="record-visit"
                  items={[
                    { key: 'store', label: t('records.storeName'), value: r.storeName },
                    { key: 'contact', label: t('records.contact'), value: r.contact },
                    { key: 'phone', label: t('records.phone'), value: r.phone },
                    { key: 'address', label: t('records.address'), value: r.address, span: 2 },
                    { key: 'inspector', label: t('records.inspector'), value: r.inspectorName },
                    {
                      key: 'at',
                      label: t('records.visitedAt'),
                      value: formatTime(r.visitedAt),
                    },
                    {
                      key: 'place',
                      label: t('records.place'),
                      value: place && (
                        <Space size={4}>
                          <EnvironmentOutlined />
                          <span data-testid="record-place">{place}</span>
                        </Space>
                      ),
                      span: 2,
                    },
                  ]}
                />
              </div>
              {standards.map((s) => (
                <Card key={s} size="small" title={s}>
                  <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                    {r.results
                      .filter((c) => c.standard === s)
                      .map((c) => (
                        <ItemResult key={c.key} record={r} item={c} />
                      ))}
                  </Space>
                </Card>
              ))}
            </Space>
          ),
        },
      ]}
    />
  );
};
