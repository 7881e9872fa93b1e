/**
 * Runs extractPage on a worker thread. Parsing is CPU-bound (a 4.5 MB page of 200k links takes
 * about 2 s in cheerio here): on the API's thread that would stall every request and socket for
 * as long. One worker per process, started on first use and stopped when idle; a page that takes
 * longer than its budget is abandoned and the worker replaced, so a hostile page costs at most
 * that budget of one core. The worker's heap is capped too.
 */
import { Worker } from "node:worker_threads";
import { PAGE_LIMITS, type PageExtract, type PageLimits } from "./page-extract.ts";
import type { ParseRequest } from "./page-extract.worker.ts";

const WORKER_URL = new URL("./page-extract.worker.ts", import.meta.url);
const IDLE_MS = 30_000;
export const PARSE_TIMEOUT_MS = 20_000;

export class PageParseError extends Error {}

interface Pending {
  resolve: (p: PageExtract) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

let worker: Worker | null = null;
let nextId = 0;
let idle: NodeJS.Timeout | null = null;
const pending = new Map<number, Pending>();

function stop(reason: string) {
  const w = worker;
  worker = null;
  for (const [id, p] of pending) {
    clearTimeout(p.timer);
    p.reject(new PageParseError(reason));
    pending.delete(id);
  }
  if (w) void w.terminate();
}

function start(): Worker {
  const w = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
  w.on("message", (m: { id: number; page?: PageExtract; error?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    clearTimeout(p.timer);
    if (m.page) p.resolve(m.page);
    else p.reject(new PageParseError(m.error ?? "The page could not be parsed"));
    if (!pending.size) {
      w.unref();
      scheduleIdleStop();
    }
  });
  w.on("error", (err) => {
    if (worker === w) stop(`The page parser failed: ${err.message}`);
  });
  w.on("exit", () => {
    if (worker === w) stop("The page parser stopped");
  });
  return w;
}

function scheduleIdleStop() {
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => {
    if (!pending.size) stop("idle");
  }, IDLE_MS);
  idle.unref();
}

export function parsePage(html: string, url: string, opts: { limits?: PageLimits; timeoutMs?: number } = {}): Promise<PageExtract> {
  if (idle) clearTimeout(idle);
  worker ??= start();
  const w = worker;
  w.ref(); // a parse in progress keeps the process alive; an idle worker does not
  const id = nextId++;
  return new Promise<PageExtract>((resolve, reject) => {
    const timer = setTimeout(() => {
      // The worker is stuck on this page (or on one before it): replace it.
      if (worker === w) stop(`Parsing ${url} took longer than ${Math.round((opts.timeoutMs ?? PARSE_TIMEOUT_MS) / 1000)} s`);
    }, opts.timeoutMs ?? PARSE_TIMEOUT_MS);
    timer.unref();
    pending.set(id, { resolve, reject, timer });
    w.postMessage({ id, html, url, limits: opts.limits ?? PAGE_LIMITS } satisfies ParseRequest);
  });
}
