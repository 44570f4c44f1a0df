import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { ExcelImport } from './ExcelImport';

describe('ExcelImport', () => {
  beforeAll(() => {
    initI18n('en');
  });

  it('hands the chosen file itself to the upload call and shows the report', async () => {
    const upload = vi.fn(async (_file: File) => ({ ok: true, imported: 3, errors: [] }));
    const onImported = vi.fn();
    const { container } = render(
      <ExcelImport
        templatePath="/device/v1/device/terminal/template"
        templateFileName="t.xlsx"
        upload={upload}
        onImported={onImported}
        testId="import"
      />,
    );
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'terminals.xlsx');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0][0]).toBe(file);
    expect(await screen.findByText('Imported 3 rows')).toBeTruthy();
  });

  it('names each refused field by the page label, not the key the server sent', async () => {
    const upload = vi.fn(async (_file: File) => ({
      ok: false,
      imported: 0,
      errors: [
        { row: 2, field: 'sn', message: '序列号格式不正确', messageEn: 'Not a valid serial number' },
        { row: 3, field: 'other', message: '其他', messageEn: 'Something else' },
      ],
    }));
    const { container } = render(
      <ExcelImport
        templatePath="/t"
        templateFileName="t.xlsx"
        upload={upload}
        onImported={() => undefined}
        fieldLabels={{ sn: 'Serial number' }}
      />,
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'x.xlsx')] },
    });
    expect(await screen.findByText('Serial number')).toBeTruthy();
    expect(screen.queryByText('sn')).toBeNull();
    expect(screen.getByText('Not a valid serial number')).toBeTruthy();
    // A field the page has no label for shows as sent rather than disappearing.
    expect(screen.getByText('other')).toBeTruthy();
  });
});
