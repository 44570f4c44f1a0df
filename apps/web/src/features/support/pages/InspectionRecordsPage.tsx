import { PlusOutlined } from '@ant-design/icons';
import type { ProposalRow, RecordRow } from '@cpm/contracts';
import { supportRoutes } from '@cpm/contracts/routes';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/http';
import { actionsColumn, CrudListView, queryKeys, useCrudList, viewAction } from '../../../shared/crud';
import { PageHeader } from '../../../shared/page/PageHeader';
import type { DataColumn } from '../../../shared/table/DataTable';
import { timeColumn } from '../../../shared/table/timeColumn';
import { ProposalsCard } from '../components/ProposalsCard';
import { RecordFormDrawer } from '../components/RecordFormDrawer';

type Filter = { keyword?: string; failed?: '1' };

const recordPath = (id: string) => `/technicalSupport/inspectionRecordInfo?id=${id}`;

/** Inspection records: file one from a phone (also for a proposed inspection), open one, export them. */
export const InspectionRecordsPage = () => {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [proposal, setProposal] = useState<ProposalRow | null>(null);
  const list = useCrudList<RecordRow, Filter>({
    queryKey: [...queryKeys.supportOrders.all, 'records'],
    filterKeys: ['keyword', 'failed'],
    fetchPage: ({ current, size, ...f }) =>
      call(supportRoutes.recordPage, { query: { current, size, ...f }, loading: false }),
  });
  const columns: DataColumn<RecordRow>[] = [
    {
      key: 'processName',
      title: t('records.process'),
      dataIndex: 'processName',
      render: (v, r) => `${v} v${r.version}`,
    },
    { key: 'storeName', title: t('records.storeName'), dataIndex: 'storeName' },
    { key: 'contact', title: t('records.contact'), dataIndex: 'contact' },
    { key: 'phone', title: t('records.phone'), dataIndex: 'phone' },
    { key: 'address', title: t('records.address'), dataIndex: 'address' },
    { key: 'inspectorName', title: t('records.inspector'), dataIndex: 'inspectorName' },
    {
      key: 'failedCount',
      title: t('records.result'),
      dataIndex: 'failedCount',
      render: (v: number, r) =>
        v ? (
          <Tag color="red">{t('records.failedCount', { count: v })}</Tag>
        ) : (
          <Tag color="green">{t('records.allPassed', { count: r.itemCount })}</Tag>
        ),
    },
    timeColumn('visitedAt', t('records.visitedAt')),
    actionsColumn(
      t('orders.actions'),
      (row) => [viewAction(t('orders.view'), () => navigate(recordPath(row.id)))],
      { fixed: 'right' },
    ),
  ];
  return (
    <div className="cpm-page">
      <PageHeader />
      <ProposalsCard
        onStart={(p) => {
          setProposal(p);
          setAdding(true);
        }}
      />
      <CrudListView<RecordRow, Filter>
        testId="records-page"
        title={false}
        list={list}
        filters={[
          { name: 'keyword', label: t('records.keyword') },
          {
            name: 'failed',
            label: t('records.failedOnly'),
            options: [{ value: '1', label: t('orders.yes') }],
          },
        ]}
        columns={columns}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setProposal(null);
              setAdding(true);
            }}
            data-testid="record-add"
          >
            {t('records.add')}
          </Button>
        }
        exportTo={{
          permission: 'support:record:export',
          path: supportRoutes.recordExport.path,
          fileName: 'inspection-records.xlsx',
          list: 'inspectionRecords',
        }}
      >
        <RecordFormDrawer
          open={adding}
          proposal={proposal}
          onClose={() => setAdding(false)}
          onSaved={(id) => {
            setAdding(false);
            setProposal(null);
            void client.invalidateQueries({ queryKey: queryKeys.supportOrders.all });
            navigate(recordPath(id));
          }}
        />
      </CrudListView>
    </div>
  );
};
