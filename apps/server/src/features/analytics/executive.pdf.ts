/**
 * The boardroom as an A4 PDF (pdfkit): the KPIs with their month-over-month and year-over-year
 * changes (flagged only when beyond chance), a vector trend chart of sends and replies, the monthly
 * table, the open pipeline, each figure's source and when it was generated.
 */
import type { Boardroom, BoardroomKpi } from "@prospector/contracts";
import PDFDocument from "pdfkit";

const pct = (v: number | null) => (v === null ? "—" : `${(v * 100).toFixed(1)}%`);
const n = (v: number) => v.toLocaleString("en-US");
const money = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: 2 });

function kpiValue(k: BoardroomKpi): string {
  if (k.kind === "rate")
    return k.rate?.value == null ? "—" : `${pct(k.rate.value)} (n ${n(k.rate.n)}, 95% ${pct(k.rate.low)}–${pct(k.rate.high)})`;
  if (k.value === null) return "—";
  return k.kind === "money" ? money(k.value) : n(k.value);
}

function change(k: BoardroomKpi, d: BoardroomKpi["mom"]): string {
  if (d.change === null) return "—";
  const sign = d.change > 0 ? "+" : "";
  const text = k.kind === "rate" ? `${sign}${(d.change * 100).toFixed(1)} pts` : `${sign}${(d.change * 100).toFixed(0)}%`;
  return d.significant ? `${text} *` : text;
}

export function boardroomPdf(b: Boardroom): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 40, info: { Title: `Boardroom ${b.from} to ${b.to}` } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;

    doc.fontSize(18).text("Boardroom: outbound, month over month");
    doc
      .fontSize(9)
      .fillColor("#555")
      .text(`${b.from} to ${b.to} (months in UTC) · figures as of ${b.computed_at ?? b.generated_at} · generated ${b.generated_at}`);
    doc.moveDown();

    // KPIs of the last month.
    doc
      .fillColor("#000")
      .fontSize(12)
      .text(`Key figures, ${b.kpis[0]?.month ?? b.to}`);
    doc.fontSize(9);
    const cols = [left, left + 120, left + 330, left + 420];
    let y = doc.y + 4;
    for (const [i, h] of ["Figure", "Value", "vs last month", "vs a year ago"].entries()) doc.text(h, cols[i]!, y, { width: 200 });
    y += 14;
    for (const k of b.kpis) {
      doc.text(k.label, cols[0]!, y, { width: 115 });
      doc.text(kpiValue(k), cols[1]!, y, { width: 205 });
      doc.text(change(k, k.mom), cols[2]!, y, { width: 85 });
      doc.text(change(k, k.yoy), cols[3]!, y, { width: 100 });
      y += 14;
    }
    doc.text(
      `Open pipeline now: ${money(b.pipeline_open.value)} in ${n(b.pipeline_open.deals)} deals (${b.pipeline_open.currency_note}).`,
      left,
      y + 4,
      { width },
    );
    doc
      .fillColor("#555")
      .text("* beyond chance at 5 % (rates: two-proportion z-test; counts of meetings and deals: Poisson test).", { width });
    doc.moveDown();

    // Trend chart: sends (bars) and replies (line), each on its own scale, drawn as vectors.
    doc.fillColor("#000").fontSize(12).text("Sends and replies by month");
    const top = doc.y + 6;
    const h = 150;
    const maxSent = Math.max(1, ...b.months.map((m) => m.sent));
    const maxReplied = Math.max(1, ...b.months.map((m) => m.replied));
    const step = width / Math.max(1, b.months.length);
    doc
      .lineWidth(0.5)
      .strokeColor("#999")
      .moveTo(left, top + h)
      .lineTo(left + width, top + h)
      .stroke();
    b.months.forEach((m, i) => {
      const bh = (m.sent / maxSent) * h;
      doc.rect(left + i * step + step * 0.15, top + h - bh, step * 0.7, bh).fill("#90caf9");
      doc
        .fillColor("#333")
        .fontSize(7)
        .text(m.month.slice(2), left + i * step, top + h + 3, { width: step, align: "center" });
    });
    doc.lineWidth(1.5).strokeColor("#c62828");
    b.months.forEach((m, i) => {
      const x = left + i * step + step / 2;
      const yy = top + h - (m.replied / maxReplied) * h;
      if (i === 0) doc.moveTo(x, yy);
      else doc.lineTo(x, yy);
    });
    if (b.months.length > 0) doc.stroke();
    doc
      .fillColor("#555")
      .fontSize(8)
      .text(`Bars: sent (max ${n(maxSent)}). Line: replies (max ${n(maxReplied)}).`, left, top + h + 16, { width });
    doc.moveDown();

    // Monthly table.
    doc.fillColor("#000").fontSize(12).text("Monthly figures", left);
    doc.fontSize(8);
    const heads = ["Month", "Sent", "Replied", "Reply rate (95%)", "Meetings", "Deals", "Won", "Revenue won"];
    const xs = [0, 50, 105, 160, 290, 345, 395, 440].map((x) => left + x);
    y = doc.y + 4;
    for (const [i, t] of heads.entries()) doc.text(t, xs[i]!, y, { width: 120 });
    y += 12;
    for (const m of b.months) {
      if (y > doc.page.height - 80) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      const cells = [
        m.month,
        n(m.sent),
        n(m.replied),
        m.reply_rate.value === null ? "—" : `${pct(m.reply_rate.value)} (${pct(m.reply_rate.low)}–${pct(m.reply_rate.high)})`,
        n(m.meetings),
        n(m.deals_created),
        n(m.deals_won),
        money(m.revenue_won),
      ];
      for (const [i, t] of cells.entries()) doc.text(t, xs[i]!, y, { width: 125 });
      y += 11;
    }
    doc.x = left;
    doc.y = y + 8;
    doc.fontSize(10).text("Sources");
    doc.fontSize(7).fillColor("#555");
    for (const [k, s] of Object.entries(b.sources)) doc.text(`${k}: ${s}`, { width });
    doc.text(`pipeline: ${b.pipeline_open.source}`, { width });
    doc.end();
  });
}
