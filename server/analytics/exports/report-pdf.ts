import type PDFKit from 'pdfkit';
import type { EChartsOption } from 'echarts';
import { CHART_HEIGHT, heatmapOption } from '@contract/presentation/chart-options';
import { changeTone } from '@contract/presentation/figure-direction';
import { changeVersus, formatDays, formatInstant } from '@contract/presentation/format';
import type { CellUnit, ReportDocument, ReportCell, ReportRow, ReportTable } from '@contract/page-reports.contract';
import { formatCell, reportChartOption, rowCellText } from '@contract/presentation/report-display';
import { oneLine, pdfText } from './pdf-text';
import { ALL_BRANCHES } from '@contract/presentation/labels.js';

// A page report as an A4 PDF: the page's header facts, its cards, its main chart (the screen's own
// ECharts option, rendered to SVG on the server and drawn as vectors, so its labels stay text), and
// every table with its total row, the header row repeated on each page a table spans. A window with
// no data has its no-data text after the header facts instead, as the page has.

type Doc = PDFKit.PDFDocument;

const MARGIN = { top: 48, bottom: 56, left: 48, right: 48 };
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const TEXT = '#212529';
const DIMMED = '#6c757d';
const RULE = '#ced4da';
const SHADE = '#f1f3f5';
const GOOD = '#2b8a3e';
const BAD = '#c92a2a';
/** A card's change as the screen colours it (contract/presentation/figure-direction.ts). */
const TONE_COLOUR = { good: GOOD, bad: BAD, flat: DIMMED } as const;
const TABLE_FONT_SIZE = 8.5;
const CELL_PAD = { x: 4, y: 3 };
/** The chart is rendered this wide (CSS pixels, the screen's scale) and scaled to the page's width. */
const CHART_RENDER_WIDTH = 640;

function contentWidth(doc: Doc): number {
  return doc.page.width - MARGIN.left - MARGIN.right;
}

/**
 * pdfkit lays out synchronously: a long table holds the event loop for a few hundred ms. Between pages
 * other requests get their turn, so an export delays them by one page's layout at most.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Starts a new page unless `height` more points fit above the bottom margin. */
function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN.bottom) doc.addPage();
}

function header(doc: Doc, report: ReportDocument): void {
  const { window } = report;
  const dates = formatDays(window.start_date, window.end_date);
  const branch = report.branch ? `${report.branch.name}, ${report.branch.location}` : ALL_BRANCHES;
  doc.font(BOLD).fontSize(18).fillColor(TEXT).text(pdfText(report.title));
  doc.moveDown(0.3).font(FONT).fontSize(10);
  const facts: [string, string][] = [
    ['Franchise', report.franchise.name],
    ['Branch', branch],
    ['Window', report.range_label === dates ? dates : `${dates} (${report.range_label})`],
    ['Compared with', `${report.compared_with} (${formatDays(window.previous.start_date, window.previous.end_date)})`],
    ['Time zone', window.time_zone],
    ['Generated', formatInstant(report.generated_at, report.window.time_zone, { zone: true })],
  ];
  for (const [label, value] of facts) {
    doc.font(BOLD).fillColor(DIMMED).text(`${label}: `, { continued: true }).font(FONT).fillColor(TEXT).text(pdfText(value));
  }
  doc.moveDown(1);
}

function cards(doc: Doc, report: ReportDocument): void {
  const perRow = Math.min(report.cards.length, 4);
  if (perRow === 0) return;
  const gap = 8;
  const height = 62;
  const width = (contentWidth(doc) - gap * (perRow - 1)) / perRow;
  for (let start = 0; start < report.cards.length; start += perRow) {
    ensureRoom(doc, height);
    const top = doc.y;
    report.cards.slice(start, start + perRow).forEach((card, index) => {
      const x = MARGIN.left + index * (width + gap);
      const inner = { width: width - 16, lineBreak: false, ellipsis: true };
      const change = changeVersus(card.value, card.previous, report.compared_with);
      doc.roundedRect(x, top, width, height, 4).lineWidth(0.75).strokeColor(RULE).stroke();
      doc
        .font(FONT)
        .fontSize(8.5)
        .fillColor(DIMMED)
        .text(pdfText(card.label), x + 8, top + 8, inner);
      doc
        .font(BOLD)
        .fontSize(14)
        .fillColor(TEXT)
        .text(pdfText(formatCell(card.unit, card.value)), x + 8, top + 22, inner);
      doc
        .font(FONT)
        .fontSize(7.5)
        .fillColor(TONE_COLOUR[changeTone(change.direction, card.lower_is_better)])
        .text(pdfText(change.text), x + 8, top + 44, inner);
    });
    doc.x = MARGIN.left;
    doc.y = top + height + gap;
  }
  doc.moveDown(1);
}

type Libraries = Awaited<ReturnType<typeof libraries>>;

/** Loaded together on the first export: their files are read while the first one compiles. */
async function libraries() {
  const [pdfkit, echarts, svgToPdf] = await Promise.all([
    import('pdfkit'),
    import('echarts/dist/echarts.esm.min.mjs'),
    import('svg-to-pdfkit'),
  ]);
  return { PDFDocument: pdfkit.default, echarts, svgToPdf: svgToPdf.default };
}

/** A chart drawn from the screen's ECharts option, titled, `renderHeight` CSS pixels high at the render width. */
async function chart(
  doc: Doc,
  { title, option, renderHeight }: { title: string; option: EChartsOption; renderHeight: number },
  { echarts, svgToPdf }: Libraries,
): Promise<void> {
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width: CHART_RENDER_WIDTH, height: renderHeight });
  let svg: string;
  try {
    instance.setOption({ ...option, animation: false });
    svg = instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
  const width = contentWidth(doc);
  const height = (renderHeight * width) / CHART_RENDER_WIDTH;
  ensureRoom(doc, height + 24);
  doc.font(BOLD).fontSize(12).fillColor(TEXT).text(pdfText(title), MARGIN.left, doc.y);
  doc.moveDown(0.4);
  const top = doc.y;
  // The SVG's CSS pixels map to the box's width, so its 12 px labels print at about 9 pt. Not clipped to
  // its box: the last category label sits centred on the plot's right edge and would lose its end.
  svg = svg.replace('<svg ', '<svg overflow="visible" ');
  svgToPdf(doc, svg, MARGIN.left, top, { width, height, preserveAspectRatio: 'xMinYMin meet', fontCallback: () => FONT });
  doc.x = MARGIN.left;
  doc.y = top + height;
  doc.moveDown(1.5);
}

const numeric = (unit: CellUnit) => unit !== 'text';

/** Column widths: every figure whole, headers wrapping at spaces, text columns taking what is left. */
function columnWidths(doc: Doc, table: ReportTable, texts: string[][]): number[] {
  const available = contentWidth(doc);
  const natural = table.columns.map((column, index) => {
    doc.font(BOLD).fontSize(TABLE_FONT_SIZE);
    const label = Math.max(...column.label.split(' ').map((word) => doc.widthOfString(pdfText(word))));
    doc.font(FONT);
    const cells = Math.max(0, ...texts.map((row) => doc.widthOfString(row[index] ?? '')));
    return Math.max(label, cells) + 2 * CELL_PAD.x + 1;
  });
  const total = natural.reduce((sum, width) => sum + width, 0);
  if (total <= available) return natural.map((width) => (width * available) / total);
  const fixed = natural.reduce((sum, width, index) => (numeric(table.columns[index]!.unit) ? sum + width : sum), 0);
  const flexible = total - fixed;
  if (flexible > 0 && fixed < available * 0.8) {
    return natural.map((width, index) => (numeric(table.columns[index]!.unit) ? width : (width * (available - fixed)) / flexible));
  }
  return natural.map((width) => (width * available) / total);
}

type Line = { texts: string[]; kind: 'head' | 'body' | 'total' };

function rowHeight(doc: Doc, line: Line, widths: number[]): number {
  doc.font(line.kind === 'body' ? FONT : BOLD).fontSize(TABLE_FONT_SIZE);
  // One-line cells: the height heightOfString counts (doc.y down a line), not laid out word by word.
  if (line.texts.every((text, index) => oneLine(doc, text, widths[index]! - 2 * CELL_PAD.x, TABLE_FONT_SIZE))) {
    return doc.y + doc.currentLineHeight(true) - doc.y + 2 * CELL_PAD.y;
  }
  const heights = line.texts.map((text, index) => doc.heightOfString(text || ' ', { width: widths[index]! - 2 * CELL_PAD.x }));
  return Math.max(...heights) + 2 * CELL_PAD.y;
}

function drawRow(doc: Doc, table: ReportTable, line: Line, widths: number[], height: number): void {
  const top = doc.y;
  const width = contentWidth(doc);
  if (line.kind !== 'body') doc.rect(MARGIN.left, top, width, height).fillColor(SHADE).fill();
  doc
    .font(line.kind === 'body' ? FONT : BOLD)
    .fontSize(TABLE_FONT_SIZE)
    .fillColor(TEXT);
  let x = MARGIN.left;
  line.texts.forEach((text, index) => {
    const column = table.columns[index]!;
    const align = numeric(column.unit) && (line.kind !== 'total' || index > 0) ? 'right' : 'left';
    doc.text(text, x + CELL_PAD.x, top + CELL_PAD.y, { width: widths[index]! - 2 * CELL_PAD.x, align });
    x += widths[index]!;
  });
  const ruleY = top + height;
  doc
    .moveTo(MARGIN.left, ruleY)
    .lineTo(MARGIN.left + width, ruleY)
    .lineWidth(line.kind === 'body' ? 0.5 : 0.75)
    .strokeColor(RULE)
    .stroke();
  if (line.kind === 'total') {
    doc
      .moveTo(MARGIN.left, top)
      .lineTo(MARGIN.left + width, top)
      .lineWidth(0.75)
      .strokeColor(DIMMED)
      .stroke();
  }
  doc.x = MARGIN.left;
  doc.y = ruleY;
}

async function tableBlock(doc: Doc, table: ReportTable): Promise<void> {
  const cellTexts = (row: ReportRow) => row.cells.map((_cell: ReportCell, index) => pdfText(rowCellText(table.columns, row, index)));
  const head: Line = { texts: table.columns.map((column) => pdfText(column.label)), kind: 'head' };
  const lines: Line[] = table.rows.map((row) => ({ texts: cellTexts(row), kind: 'body' }));
  if (table.total) lines.push({ texts: cellTexts(table.total), kind: 'total' });
  const widths = columnWidths(doc, table, [...lines.map((line) => line.texts)]);
  const headHeight = rowHeight(doc, head, widths);
  const heights = lines.map((line) => rowHeight(doc, line, widths));
  // The title stays with the header and the first row.
  ensureRoom(doc, 24 + headHeight + (heights[0] ?? 0));
  doc.font(BOLD).fontSize(12).fillColor(TEXT).text(pdfText(table.title), MARGIN.left, doc.y);
  doc.moveDown(0.4);
  drawRow(doc, table, head, widths, headHeight);
  if (table.rows.length === 0) {
    doc
      .font(FONT)
      .fontSize(TABLE_FONT_SIZE)
      .fillColor(DIMMED)
      .text(pdfText(table.empty_text), MARGIN.left + CELL_PAD.x, doc.y + CELL_PAD.y);
    doc.x = MARGIN.left;
    doc.y += CELL_PAD.y;
  }
  for (const [index, line] of lines.entries()) {
    const height = heights[index]!;
    // The last row keeps the total company: a total alone under a repeated header reads as a table of its own.
    const keepWith = table.total && index === lines.length - 2 ? heights[index + 1]! : 0;
    if (doc.y + height + keepWith > doc.page.height - MARGIN.bottom) {
      await nextTurn();
      doc.addPage();
      drawRow(doc, table, head, widths, headHeight);
    }
    drawRow(doc, table, line, widths, height);
  }
  doc.moveDown(1.5);
}

/** "Page 2 of 3" under every page, once the page count is known. */
function pageNumbers(doc: Doc, report: ReportDocument): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin: lifted for the footer, so the text does not open a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN.bottom + 20;
    const options = { width: contentWidth(doc), lineBreak: false } as const;
    doc.font(FONT).fontSize(8).fillColor(DIMMED);
    doc.text(pdfText(`${report.franchise.name} · ${report.title}`), MARGIN.left, y, { ...options, align: 'left' });
    doc.text(`Page ${index - start + 1} of ${count}`, MARGIN.left, y, { ...options, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}

export async function reportPdf(report: ReportDocument): Promise<Uint8Array> {
  const loaded = await libraries();
  const { PDFDocument } = loaded;
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: {
      // Document properties are UTF-16: names as they are.
      Title: `${report.title} – ${report.franchise.name}`,
      Author: report.franchise.name,
      CreationDate: new Date(report.generated_at),
    },
  });
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  header(doc, report);
  if (report.note) doc.font(FONT).fontSize(10).fillColor(DIMMED).text(pdfText(report.note)).moveDown(0.5);
  if (report.no_data !== null) {
    doc.font(FONT).fontSize(12).fillColor(DIMMED).text(pdfText(report.no_data));
  } else {
    cards(doc, report);
    await chart(
      doc,
      { title: report.chart.title, option: reportChartOption(report), renderHeight: CHART_HEIGHT[report.chart.type] },
      loaded,
    );
    for (const table of report.tables) {
      await nextTurn();
      // The heatmap prints by orders, above its table as on the screen.
      if (report.heatmap?.table === table.id)
        await chart(
          doc,
          { title: report.heatmap.title, option: heatmapOption(report.heatmap.cells, 'orders'), renderHeight: CHART_HEIGHT.heatmap },
          loaded,
        );
      await tableBlock(doc, table);
    }
  }
  pageNumbers(doc, report);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
