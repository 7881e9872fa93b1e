/**
 * Runs extractPage on a worker thread. Parsing is CPU-bound (a 4.4 MB page of 200k links took
 * about 2 s in cheerio): on the API's thread that would stall every request and socket for as
 * long. One worker per process, started on first use and stopped when idle, parses one page at a
 * time; a page that takes longer than its budget is abandoned and the worker replaced, so a
 * hostile page costs at most that budget of one core. The worker's heap is capped too.
 */
import { Worker } from "node:worker_threads";
import { PAGE_LIMITS, type PageExtract, type PageLimits } from "./page-extract.ts";
import type { ParseRequest } from "./page-extract.worker.ts";

const WORKER_URL = new URL("./page-extract.worker.ts", import.meta.url);
const IDLE_MS = 30_000;
export const PARSE_TIMEOUT_MS = 20_000;

export class PageParseError extends Error {}

interface Job {
  request: ParseRequest;
  timeoutMs: number;
  resolve: (p: PageExtract) => void;
  reject: (e: Error) => void;
}

let worker: Worker | null = null;
let nextId = 0;
let idle: NodeJS.Timeout | null = null;
/** The page being parsed (its budget runs from when the worker gets it, not from when it was queued). */
let current: { job: Job; timer: NodeJS.Timeout } | null = null;
const waiting: Job[] = [];

function start(): Worker {
  const w = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 256 } });
  w.on("message", (m: { id: number; page?: PageExtract; error?: string }) => {
    if (worker !== w || current?.job.request.id !== m.id) return;
    const { job, timer } = current;
    clearTimeout(timer);
    current = null;
    if (m.page) job.resolve(m.page);
    else job.reject(new PageParseError(m.error ?? "The page could not be parsed"));
    pump();
  });
  w.on("error", (err) => fail(w, `The page parser failed: ${err.message}`));
  w.on("exit", () => fail(w, "The page parser stopped"));
  return w;
}

/** The worker died or is stuck: the page it had fails, the next pages get a fresh worker. */
function fail(w: Worker, reason: string) {
  if (worker !== w) return;
  worker = null;
  void w.terminate();
  if (current) {
    clearTimeout(current.timer);
    current.job.reject(new PageParseError(reason));
    current = null;
  }
  pump();
}

function pump() {
  if (current) return;
  const job = waiting.shift();
  if (!job) {
    worker?.unref(); // an idle worker does not keep the process alive
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => {
      if (!current && !waiting.length && worker) {
        const w = worker;
        worker = null;
        void w.terminate();
      }
    }, IDLE_MS);
    idle.unref();
    return;
  }
  if (idle) clearTimeout(idle);
  worker ??= start();
  const w = worker;
  w.ref();
  const timer = setTimeout(
    () => fail(w, `Parsing ${job.request.url} took longer than ${Math.round(job.timeoutMs / 1000)} s`),
    job.timeoutMs,
  );
  current = { job, timer };
  w.postMessage(job.request);
}

export function parsePage(html: string, url: string, opts: { limits?: PageLimits; timeoutMs?: number } = {}): Promise<PageExtract> {
  return new Promise<PageExtract>((resolve, reject) => {
    const request: ParseRequest = { id: nextId++, html, url, limits: opts.limits ?? PAGE_LIMITS };
    waiting.push({ request, timeoutMs: opts.timeoutMs ?? PARSE_TIMEOUT_MS, resolve, reject });
    pump();
  });
}
