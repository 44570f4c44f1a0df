import { UploadOutlined } from '@ant-design/icons';
import type { ImportReport } from '@cpm/contracts';
import { Button, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/http';
import { lazyNamed, MountOnceOpen } from '../MountOnceOpen';

/** The report dialog (antd's Modal and Alert) loads with the first answered import. */
const ImportReportDialog = lazyNamed(() => import('./ImportReportDialog').then((m) => m.ImportReportDialog));

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
  const { t } = useTranslation('crud');
  const picker = useRef<HTMLInputElement>(null);
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
    <>
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
        <Button
          type="primary"
          icon={<UploadOutlined />}
          onClick={() => picker.current?.click()}
          data-testid={testId}
        >
          {t('import.import')}
        </Button>
      </Space>
      {/* A plain file input: the import takes one workbook and shows no upload list. */}
      <input
        ref={picker}
        type="file"
        accept=".xlsx"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that picking the same file again (after fixing it) imports it again.
          event.target.value = '';
          if (file) void importFile(file);
        }}
      />
      <MountOnceOpen open={report !== null}>
        <ImportReportDialog report={report} fieldLabels={fieldLabels} onClose={() => setReport(null)} />
      </MountOnceOpen>
    </>
  );
};
