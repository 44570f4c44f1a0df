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
});
