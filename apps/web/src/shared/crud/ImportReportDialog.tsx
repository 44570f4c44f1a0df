import type { ImportReport } from '@cpm/contracts';
import { Alert, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  report: ImportReport | null;
  fieldLabels: Record<string, string>;
  onClose(): void;
};

/** An import's answer: all rows imported, or each problem by row. */
export const ImportReportDialog = ({ report, fieldLabels, onClose }: Props) => {
  const { t, i18n } = useTranslation('crud');
  return (
    <Modal open={report !== null} title={t('import.report')} footer={null} onCancel={onClose} width={640}>
      <div data-testid="import-report">
        {report?.ok ? (
          <Alert type="success" showIcon message={t('import.imported', { count: report.imported })} />
        ) : (
          <>
            <Alert type="error" showIcon message={t('import.refused')} style={{ marginBottom: 12 }} />
            <Table
              size="small"
              rowKey={(r) => `${r.row}-${r.field}`}
              pagination={false}
              dataSource={report?.errors ?? []}
              columns={[
                { title: t('import.row'), dataIndex: 'row' },
                {
                  title: t('import.field'),
                  dataIndex: 'field',
                  render: (field: string) => fieldLabels[field] ?? field,
                },
                {
                  title: t('import.problem'),
                  render: (_, r) => (i18n.language === 'zh' ? r.message : r.messageEn),
                },
              ]}
            />
          </>
        )}
      </div>
    </Modal>
  );
};
