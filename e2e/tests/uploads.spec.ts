import ExcelJS from 'exceljs';
import { expect, test } from '../support/fixtures';

const workbook = async (rows: string[][]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('terminals');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

test.describe('file uploads from the console', () => {
  test('the terminal import sends the workbook as a multipart file and imports every row', async ({
    page,
    api,
  }) => {
    const { api: admin } = await api.login();
    const model = await admin.post<{ id: string }>('/device/v1/device/model/addOrUpdate', {
      name: 'UPLOAD-P2',
      state: 1,
    });
    expect(model.code).toBe(1);
    const group = await admin.post<{ id: string }>('/upms/v1/upms/equipment/addOrUpdate', {
      name: 'Upload store',
      number: 'UPL1',
    });
    expect(group.code).toBe(1);
    const file = await workbook([
      ['SN', 'Name', 'Model', 'Group', 'Store', 'MAC', 'Password'],
      ['UPLD0001', 'Till 1', 'UPLOAD-P2', 'UPL1', 'Upload street', '00:00:00:00:0d:01', ''],
      ['UPLD0002', 'Till 2', 'UPLOAD-P2', 'UPL1', 'Upload street', '00:00:00:00:0d:02', ''],
    ]);

    await page.goto('/device/index');
    // The list page loads on demand; on a busy machine that can take a while.
    await expect(page.getByTestId('import-devices')).toBeVisible({ timeout: 30_000 });
    const sent = page.waitForRequest((r) => r.url().endsWith('/device/v1/device/terminal/import'));
    await page.locator('input[type="file"]').setInputFiles({
      name: '终端导入.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    const request = await sent;
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const answer = await request.response();
    expect(await answer?.json()).toMatchObject({ code: 1, result: { ok: true, imported: 2 } });
    await expect(page.locator('.ant-modal .ant-alert-success')).toBeVisible();

    const listed = await admin.get<{ total: number }>('/device/v1/device/terminal/getPage', { sn: 'UPLD' });
    expect(listed.result.total).toBe(2);
  });
});
