/** Worker-thread side of page-parser.ts: parses one page per message with extractPage. */
import { parentPort } from "node:worker_threads";
import { extractPage, type PageLimits } from "./page-extract.ts";

export interface ParseRequest {
  id: number;
  html: string;
  url: string;
  limits: PageLimits;
}

parentPort?.on("message", (m: ParseRequest) => {
  try {
    parentPort?.postMessage({ id: m.id, page: extractPage(m.html, m.url, m.limits) });
  } catch (err) {
    parentPort?.postMessage({ id: m.id, error: (err as Error).message });
  }
});
