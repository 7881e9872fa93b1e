/**
 * Writes export datasets to files: CSV (formula-safe), JSON or XLSX, one file per dataset, split
 * into parts when a file would pass maxFileSize, then optionally zipped into one archive.
 */
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import type { ExportFormat } from "@prospector/contracts";
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import yazl from "yazl";
import type { Dataset, Row } from "./data-exports.sections.ts";

interface Sink {
  write(row: Row, encoded: string): Promise<void>;
  close(): Promise<void>;
}

const cell = (v: unknown): string | number | boolean | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "boolean") return v;
  if (typeof v === "string") return v;
  return JSON.stringify(v);
};

/** Spreadsheet apps run cells starting with these as formulas; a leading ' keeps them text. */
const csvSafe = (v: unknown): string | number | boolean | null => {
  const c = cell(v);
  return typeof c === "string" && /^[=+\-@\t\r]/.test(c) ? `'${c}` : c;
};

async function put(stream: fs.WriteStream, chunk: string) {
  if (!stream.write(chunk)) await once(stream, "drain");
}

async function end(stream: fs.WriteStream) {
  stream.end();
  await once(stream, "close");
}

function openSink(file: string, format: ExportFormat, columns: string[], sheet: string): Sink {
  if (format === "xlsx") {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
    const ws = wb.addWorksheet(sheet.slice(0, 31));
    ws.columns = columns.map((c) => ({ header: c, key: c }));
    return {
      async write(row) {
        ws.addRow(columns.map((c) => cell(row[c]))).commit();
      },
      async close() {
        ws.commit();
        await wb.commit();
      },
    };
  }
  const stream = fs.createWriteStream(file);
  let first = true;
  if (format === "csv") {
    const header = stringify([columns]);
    void put(stream, header);
    return { write: (_row, encoded) => put(stream, encoded), close: () => end(stream) };
  }
  void put(stream, "[\n");
  return {
    async write(_row, encoded) {
      await put(stream, first ? encoded : `,\n${encoded}`);
      first = false;
    },
    async close() {
      await put(stream, "\n]\n");
      await end(stream);
    },
  };
}

/** Writes one dataset; returns the file names created in `dir`. */
export async function writeDataset(dir: string, ds: Dataset, format: ExportFormat, maxBytes: number | null): Promise<string[]> {
  const files: string[] = [];
  let sink: Sink | null = null;
  let columns: string[] | null = null;
  let bytes = 0;
  let rowsInPart = 0;
  const open = () => {
    const name = `${ds.name}-part${files.length + 1}.${format}`;
    files.push(name);
    bytes = 0;
    rowsInPart = 0;
    return openSink(path.join(dir, name), format, columns ?? [], ds.name);
  };
  for await (const batch of ds.batches()) {
    for (const row of batch) {
      columns ??= Object.keys(row);
      const encoded = format === "json" ? JSON.stringify(row) : stringify([(columns as string[]).map((c) => csvSafe(row[c]))]);
      const size = Buffer.byteLength(encoded) + 2;
      if (sink && maxBytes !== null && rowsInPart > 0 && bytes + size > maxBytes) {
        await sink.close();
        sink = null;
      }
      sink ??= open();
      await sink.write(row, encoded);
      bytes += size;
      rowsInPart++;
    }
  }
  // An empty dataset still gets its (empty) file, so the export says "nothing here" explicitly.
  sink ??= open();
  await sink.close();
  if (files.length === 1) {
    const single = `${ds.name}.${format}`;
    await fs.promises.rename(path.join(dir, files[0] as string), path.join(dir, single));
    return [single];
  }
  return files;
}

export async function zipFiles(dir: string, names: string[], zipName: string): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const n of names) zip.addFile(path.join(dir, n), n);
  const out = fs.createWriteStream(path.join(dir, zipName));
  const done = once(out, "close");
  zip.outputStream.pipe(out);
  zip.end();
  await done;
  for (const n of names) await fs.promises.rm(path.join(dir, n), { force: true });
}
