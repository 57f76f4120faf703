import ExcelJS from 'exceljs';

/**
 * Writes the benches' workbook: one sheet `Data` of `rowCount` rows of five columns (a number, a
 * shared string, a currency, a date and a percentage) with exceljs's streaming writer, which never
 * holds the sheet either.
 */
export async function generateWorkbook(path: string, rowCount: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Data');
  sheet.columns = [
    { header: 'Id', key: 'id' },
    { header: 'Name', key: 'name' },
    { header: 'Price', key: 'price', style: { numFmt: '"$"#,##0.00' } },
    { header: 'Date', key: 'date', style: { numFmt: 'yyyy-mm-dd' } },
    { header: 'Share', key: 'share', style: { numFmt: '0.0%' } },
  ];
  for (let index = 1; index <= rowCount; index += 1) {
    sheet
      .addRow({
        id: index,
        name: `item ${String(index % 5000)}`,
        price: (index * 37) / 100,
        date: new Date(Date.UTC(2020, 0, 1 + (index % 1500))),
        share: (index % 1000) / 1000,
      })
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}
