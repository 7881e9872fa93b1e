/**
 * A report as a file: the engine's answer laid out as one table (dimension columns, then each
 * metric; a rate also gets its sample n and 95 % Wilson interval), written as CSV (cells that a
 * spreadsheet would run as a formula are prefixed with '), XLSX (the table plus an "About" sheet
 * with the period and each figure's source) or PDF (title, period, generation time, a vector
 * chart of the first metric, the table and the sources).
 */
import { DIMENSION_LABELS, METRICS, type ReportChartType, type ReportExportFormat, type ReportResult } from "@prospector/contracts";
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import PDFDocument from "pdfkit";

export interface ReportFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ExportMeta {
  name: string;
  chart: ReportChartType;
  generatedAt: Date;
}

type Cell = string | number | null;

export interface ReportTable {
  headers: string[];
  rows: Cell[][];
  total: Cell[];
}

const pct = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(v * 10_000) / 100);

/** The answer as one table; rates in percent. */
export function toTable(result: ReportResult): ReportTable {
  const dims = result.query.dimensions;
  const headers: string[] = dims.map((d) => DIMENSION_LABELS[d]);
  for (const m of result.query.metrics) {
    const spec = METRICS[m];
    if (spec.kind === "rate")
      headers.push(`${spec.label} (%)`, `${spec.label}: n`, `${spec.label}: 95% low (%)`, `${spec.label}: 95% high (%)`);
    else headers.push(spec.label);
  }
  const cells = (values: ReportResult["totals"]): Cell[] =>
    result.query.metrics.flatMap((m) => {
      const c = values[m];
      if (METRICS[m].kind === "rate") return [pct(c?.value), c?.n ?? null, pct(c?.low), pct(c?.high)];
      return [c?.value ?? null];
    });
  const rows = result.rows.map((r) => [...dims.map((d) => r.labels[d] ?? r.keys[d] ?? "Unknown"), ...cells(r.values)]);
  const total = [...dims.map((_, i) => (i === 0 ? "Total" : "")), ...cells(result.totals)];
  return { headers, rows, total };
}

/** A cell a spreadsheet would evaluate (= + - @, tab, CR) is kept as text. */
export function safeCell(v: Cell): Cell {
  if (typeof v !== "string") return v;
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "report";

export function fileName(name: string, result: ReportResult, format: ReportExportFormat): string {
  return `${slug(name)}-${result.query.from}-to-${result.query.to}.${format}`;
}

export function toCsv(result: ReportResult): Buffer {
  const t = toTable(result);
  const rows = [...t.rows, t.total].map((r) => r.map(safeCell));
  return Buffer.from(stringify([t.headers.map(safeCell), ...rows]), "utf8");
}

export async function toXlsx(result: ReportResult, meta: ExportMeta): Promise<Buffer> {
  const t = toTable(result);
  const wb = new ExcelJS.Workbook();
  wb.created = meta.generatedAt;
  const sheet = wb.addWorksheet("Report");
  sheet.addRow(t.headers).font = { bold: true };
  for (const r of t.rows) sheet.addRow(r.map(safeCell));
  sheet.addRow(t.total.map(safeCell)).font = { bold: true };
  sheet.columns.forEach((c, i) => {
    c.width = Math.min(40, Math.max(12, (t.headers[i]?.length ?? 10) + 2));
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const about = wb.addWorksheet("About");
  about.addRow(["Report", safeCell(meta.name)]);
  about.addRow(["Period (UTC days, both included)", `${result.query.from} to ${result.query.to}`]);
  about.addRow(["Generated at (UTC)", meta.generatedAt.toISOString()]);
  about.addRow(["Figures computed at", result.computed_at ?? "live, at generation"]);
  about.addRow([]);
  about.addRow(["Metric", "Where it comes from"]).font = { bold: true };
  for (const m of result.query.metrics) about.addRow([METRICS[m].label, result.sources[m] ?? METRICS[m].source]);
  about.addRow([]);
  about.addRow(["Rates", "In percent, with n (the denominator) and the 95 % Wilson interval"]);
  about.getColumn(1).width = 34;
  about.getColumn(2).width = 90;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const fmt = (v: Cell) => (v === null ? "–" : typeof v === "number" ? (Number.isInteger(v) ? v.toLocaleString("en-US") : v.toFixed(2)) : v);

/** A simple vector chart of the first metric over the rows (bars or a line), at most 40 points. */
function drawChart(doc: PDFKit.PDFDocument, result: ReportResult, kind: "line" | "bar", x: number, y: number, w: number, h: number) {
  const metric = result.query.metrics[0];
  if (!metric) return;
  const dim = result.query.dimensions[0];
  const points = result.rows.slice(0, 40).map((r) => ({
    label: dim ? (r.labels[dim] ?? r.keys[dim] ?? "Unknown") : "Total",
    value: r.values[metric]?.value ?? 0,
  }));
  if (!dim) points.splice(0, points.length, { label: "Total", value: result.totals[metric]?.value ?? 0 });
  const max = Math.max(...points.map((p) => p.value), 0) || 1;
  const rate = METRICS[metric].kind === "rate";
  doc
    .fontSize(9)
    .fillColor("#333")
    .text(`${METRICS[metric].label}${dim ? ` by ${DIMENSION_LABELS[dim].toLowerCase()}` : ""}`, x, y);
  const top = y + 14;
  const bottom = top + h - 30;
  doc
    .moveTo(x, bottom)
    .lineTo(x + w, bottom)
    .strokeColor("#999")
    .lineWidth(0.5)
    .stroke();
  doc
    .fontSize(7)
    .fillColor("#666")
    .text(rate ? `${(max * 100).toFixed(1)} %` : fmt(max).toString(), x, top - 2);
  const step = w / Math.max(points.length, 1);
  const yOf = (v: number) => bottom - (v / max) * (bottom - top - 8);
  if (kind === "bar") {
    points.forEach((p, i) => {
      doc
        .rect(x + i * step + step * 0.15, yOf(p.value), step * 0.7, bottom - yOf(p.value))
        .fillColor("#1565c0")
        .fill();
    });
  } else {
    points.forEach((p, i) => {
      const px = x + i * step + step / 2;
      if (i === 0) doc.moveTo(px, yOf(p.value));
      else doc.lineTo(px, yOf(p.value));
    });
    doc.strokeColor("#1565c0").lineWidth(1.5).stroke();
  }
  const every = Math.ceil(points.length / 10);
  doc.fontSize(6).fillColor("#444");
  points.forEach((p, i) => {
    if (i % every === 0) doc.text(p.label.slice(0, 14), x + i * step, bottom + 3, { width: step * every, lineBreak: false });
  });
}

export async function toPdf(result: ReportResult, meta: ExportMeta): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", layout: "landscape", margin: 36, info: { Title: meta.name, Creator: "Prospector" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.fontSize(18).fillColor("#000").text(meta.name, left, 36);
  doc
    .fontSize(9)
    .fillColor("#444")
    .text(
      `Period: ${result.query.from} to ${result.query.to} (UTC days, both included) · Generated ${meta.generatedAt.toISOString().replace("T", " ").slice(0, 16)} UTC`,
    );
  doc.moveDown(0.5);
  if (meta.chart !== "table" && result.rows.length > 0) {
    const y = doc.y;
    drawChart(doc, result, meta.chart, left, y, width, 170);
    doc.y = y + 180;
  }

  const t = toTable(result);
  const colW = Math.max(44, Math.min(140, width / Math.max(t.headers.length, 1)));
  const cols = Math.min(t.headers.length, Math.floor(width / colW));
  const bottomLimit = doc.page.height - doc.page.margins.bottom - 14;
  const drawRow = (cells: Cell[], bold: boolean) => {
    if (doc.y > bottomLimit) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(7)
      .fillColor("#000");
    let h = 0;
    for (let i = 0; i < cols; i++) {
      doc.text(String(fmt(cells[i] ?? null)), left + i * colW, y, { width: colW - 4, height: 20, ellipsis: true });
      h = Math.max(h, doc.y - y);
    }
    doc.y = y + Math.max(h, 10) + 2;
    doc.x = left;
  };
  drawRow(t.headers, true);
  for (const r of t.rows) drawRow(r, false);
  drawRow(t.total, true);
  if (cols < t.headers.length) {
    doc
      .font("Helvetica")
      .fontSize(7)
      .fillColor("#a00")
      .text(`${t.headers.length - cols} more columns are in the CSV and XLSX exports.`, left);
  }

  doc.moveDown();
  if (doc.y > bottomLimit - 60) doc.addPage();
  doc.font("Helvetica-Bold").fontSize(9).fillColor("#000").text("Where the figures come from", left);
  doc.font("Helvetica").fontSize(8).fillColor("#333");
  for (const m of result.query.metrics) doc.text(`${METRICS[m].label}: ${result.sources[m] ?? METRICS[m].source}`, left);
  doc.text("Rates are in percent, with n (their denominator) and the 95 % Wilson interval.", left);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

export async function renderReport(result: ReportResult, meta: ExportMeta, format: ReportExportFormat): Promise<ReportFile> {
  const filename = fileName(meta.name, result, format);
  if (format === "csv") return { filename, contentType: "text/csv; charset=utf-8", content: toCsv(result) };
  if (format === "xlsx") {
    return {
      filename,
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      content: await toXlsx(result, meta),
    };
  }
  return { filename, contentType: "application/pdf", content: await toPdf(result, meta) };
}
