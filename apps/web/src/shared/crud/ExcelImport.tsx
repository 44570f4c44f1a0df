import { UploadOutlined } from '@ant-design/icons';
import type { ImportReport } from '@cpm/contracts';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/http';

type Props = {
  /** GET path of the template workbook. */
  templatePath: string;
  templateFileName: string;
  /** Uploads the workbook file (multipart); the server imports every row or none and answers a row-by-row report. */
  upload(file: File): Promise<ImportReport>;
  onImported(): void;
  /** The page's label of each field the report may name (`sn` → "SN" / "序列号"); a field without one shows as sent. */
  fieldLabels?: Record<string, string>;
  testId?: string;
};

/** Template download, an .xlsx upload, and the import report (all rows imported, or each problem by row). */
export const ExcelImport = ({
  templatePath,
  templateFileName,
  upload,
  onImported,
  fieldLabels = {},
  testId,
}: Props) => {
  const { t, i18n } = useTranslation('crud');
  const [report, setReport] = useState<ImportReport | null>(null);
  const importFile = async (file: File) => {
    try {
      const result = await upload(file);
      setReport(result);
      if (result.ok) onImported();
    } catch {
      // The client showed why.
    }
  };
  return (
    <Space>
      <Button
        onClick={() =>
          void download({ method: 'GET', path: templatePath, fileName: templateFileName }).catch(
            () => undefined,
          )
        }
      >
        {t('import.template')}
      </Button>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          void importFile(file);
          return false;
        }}
      >
        <Button type="primary" icon={<UploadOutlined />} data-testid={testId}>
          {t('import.import')}
        </Button>
      </Upload>
      <Modal
        open={report !== null}
        title={t('import.report')}
        footer={null}
        onCancel={() => setReport(null)}
        width={640}
      >
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
    </Space>
  );
};
