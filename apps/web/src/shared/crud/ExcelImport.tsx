import { UploadOutlined } from '@ant-design/icons';
import type { ImportReport } from '@cpm/contracts';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/http';

/** The workbook as the import endpoints take it today. */
export type WorkbookUpload = { fileName: string; content: string };

const toBase64 = (file: File) =>
  file.arrayBuffer().then((buf) => {
    let binary = '';
    const bytes = new Uint8Array(buf);
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });

/** The one place that turns a picked file into the import call's body. */
export const uploadWorkbook = async (
  file: File,
  send: (body: WorkbookUpload) => Promise<ImportReport>,
): Promise<ImportReport> => send({ fileName: file.name, content: await toBase64(file) });

type Props = {
  /** GET path of the template workbook. */
  templatePath: string;
  templateFileName: string;
  /** Sends the workbook; the server imports every row or none and answers a row-by-row report. */
  upload(body: WorkbookUpload): Promise<ImportReport>;
  onImported(): void;
  testId?: string;
};

/** Template download, an .xlsx upload, and the import report (all rows imported, or each problem by row). */
export const ExcelImport = ({ templatePath, templateFileName, upload, onImported, testId }: Props) => {
  const { t, i18n } = useTranslation('crud');
  const [report, setReport] = useState<ImportReport | null>(null);
  const importFile = async (file: File) => {
    try {
      const result = await uploadWorkbook(file, upload);
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
                  { title: t('import.field'), dataIndex: 'field' },
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
