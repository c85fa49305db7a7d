/**
 * The XML parts of an .xlsx file (Office Open XML, ECMA-376) that the streaming writer puts in its zip.
 * Only what the exports use: one or more sheets of inline strings and numbers, four cell styles, column
 * widths, a frozen header row with a filter. Inline strings (`t="inlineStr"`) instead of a shared-string
 * table let a sheet be written row by row without holding every string until the end.
 */

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Style indexes of styles.xml's cellXfs, in its order. */
export const STYLE = { plain: 0, money: 1, datetime: 2, date: 3, header: 4 } as const;
export type StyleIndex = (typeof STYLE)[keyof typeof STYLE];

export const contentTypesXml = (sheetCount: number): string =>
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  Array.from(
    { length: sheetCount },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join('') +
  '</Types>';

export const rootRelsXml = (): string =>
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

export interface SheetEntry {
  name: string;
  /** The filter's range, e.g. `A1:M120`, known once the sheet's rows are written. */
  filterRef: () => string;
}

/**
 * Written after the sheets (the zip's entry order does not matter to Excel), so that each sheet's filter
 * range is known: Excel wants it as a hidden defined name too.
 */
export const workbookXml = (sheets: readonly SheetEntry[]): string =>
  `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
  sheets.map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
  '</sheets><definedNames>' +
  sheets
    .map(
      (sheet, i) =>
        `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">` +
        `${escapeXml(quotedSheetName(sheet.name))}!${absoluteRef(sheet.filterRef())}</definedName>`,
    )
    .join('') +
  '</definedNames></workbook>';

export const workbookRelsXml = (sheetCount: number): string =>
  `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
  Array.from(
    { length: sheetCount },
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('') +
  `<Relationship Id="rId${sheetCount + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

/** Money with two decimals and thousands separators, timestamps, days; a bold header. */
export const stylesXml = (formats: { money: string; datetime: string; date: string }): string =>
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  `<numFmts count="3"><numFmt numFmtId="164" formatCode="${escapeXml(formats.money)}"/>` +
  `<numFmt numFmtId="165" formatCode="${escapeXml(formats.datetime)}"/>` +
  `<numFmt numFmtId="166" formatCode="${escapeXml(formats.date)}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="宋体"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="宋体"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** The sheet's opening: frozen header row, column widths, then the rows follow. */
export const sheetHeadXml = (widths: readonly number[]): string =>
  `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
  '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
  '</sheetView></sheetViews><cols>' +
  widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width + 0.71}" customWidth="1"/>`).join('') +
  '</cols><sheetData>';

export const sheetTailXml = (filterRef: string): string => `</sheetData><autoFilter ref="${filterRef}"/></worksheet>`;

/** A, B, … Z, AA, AB …: the letters of a 0-based column index. */
export const columnLetters = (index: number): string => {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
};

const absoluteRef = (ref: string) => ref.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');

const quotedSheetName = (name: string) => `'${name.replace(/'/g, "''")}'`;

// eslint-disable-next-line no-control-regex -- the characters escapeXml has to change, to test for them first
const NEEDS_ESCAPE = /[&<>"_\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/**
 * Text as XML character data. Characters XML 1.0 cannot hold (controls other than tab, newline and
 * carriage return) are written as Excel's own `_xHHHH_` escape, and a literal `_xHHHH_` in the text has
 * its underscore escaped, so the cell reads back exactly as the clerk typed it.
 */
export const escapeXml = (text: string): string =>
  // Most cells (names, VINs, numbers as text) need nothing: one test instead of three replaces each.
  !NEEDS_ESCAPE.test(text)
    ? text
    : text
        .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
        .replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'))
        .replace(
          // eslint-disable-next-line no-control-regex -- these are exactly the characters XML cannot hold
          /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g,
          (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
        );
