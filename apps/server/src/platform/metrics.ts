/**
 * The process's metrics: one prom-client Registry per runtime (never the global default registry:
 * tests build many apps in one process), with the default process and Node.js metrics, an HTTP
 * request duration histogram (route pattern, method, status class) fed by an onResponse hook, the
 * event-loop delay, and gauges features register (team-socket: open connections). GET /metrics
 * (features/health) prints the registry; the health sampler reads the windowed figures here once
 * a minute (takeWindow) for the sampled history.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** Seconds; from a fast JSON answer to a slow export. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Request durations kept per sampling window for its percentiles; beyond it, a uniform reservoir. */
const WINDOW_RESERVOIR = 10_000;
/** The event-loop delay monitor's timer interval. */
const LOOP_RESOLUTION_MS = 20;

export interface GaugeDefinition {
  /** Prometheus name, e.g. prospector_socket_connections. */
  name: string;
  help: string;
  /** Read at every scrape and sample; a throw prints NaN for that scrape. */
  value: () => number | Promise<number>;
}

/** What the process did since the previous takeWindow() call. */
export interface MetricsWindow {
  /** Milliseconds covered. */
  elapsed_ms: number;
  requests: number;
  errors_5xx: number;
  p50_ms: number | null;
  p95_ms: number | null;
  event_loop_delay_p50_ms: number | null;
  event_loop_delay_p99_ms: number | null;
  /** CPU time (user + system) over wall time, percent (100 = one core busy). */
  cpu_percent: number | null;
}

export interface Metrics {
  registry: Registry;
  /** Registers a gauge read on demand; a second registration of one name replaces the reader. */
  registerGauge(def: GaugeDefinition): void;
  /** The current value of a registered gauge; null when it is not registered or its reader failed. */
  readGauge(name: string): Promise<number | null>;
  /** Adds the onResponse hook that feeds the request histogram. */
  instrument(app: FastifyInstance): void;
  /** Records one answered request (the hook calls it; tests may too). */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** The figures since the previous call, and starts a new window. */
  takeWindow(): MetricsWindow;
  /** Prometheus text exposition of everything. */
  text(): Promise<string>;
  readonly contentType: string;
  close(): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const http = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration in seconds, by route pattern, method and status class",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });

  // The event loop's delay since the previous sample (the sampler resets it each minute).
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  // The histogram records the whole interval between its timer's runs: the delay is what exceeds the resolution.
  const loopMsAt = (q: number) => Math.max(0, loop.percentile(q) / 1e6 - LOOP_RESOLUTION_MS);
  const loopSeconds = (q: number) => (loop.count > 0 ? loopMsAt(q) / 1000 : 0);
  new Gauge({
    name: "prospector_event_loop_delay_seconds",
    help: "Event-loop delay percentiles over the current sampling window (perf_hooks.monitorEventLoopDelay)",
    labelNames: ["quantile"] as const,
    registers: [registry],
    collect() {
      for (const q of [50, 90, 99]) this.set({ quantile: String(q / 100) }, loopSeconds(q));
    },
  });

  const readers = new Map<string, GaugeDefinition>();
  const registerGauge = (def: GaugeDefinition) => {
    const existing = readers.has(def.name);
    readers.set(def.name, def);
    if (existing) return;
    new Gauge({
      name: def.name,
      help: def.help,
      registers: [registry],
      async collect() {
        const reader = readers.get(def.name)!;
        try {
          this.set(await reader.value());
        } catch {
          this.set(Number.NaN);
        }
      },
    });
  };

  // The sampling window.
  let windowStart = performance.now();
  let cpuStart = process.cpuUsage();
  let durations: number[] = [];
  let seen = 0;
  let requests = 0;
  let errors5xx = 0;

  const observeRequest = (route: string, method: string, status: number, seconds: number) => {
    http.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    requests++;
    if (status >= 500) errors5xx++;
    const ms = seconds * 1000;
    seen++;
    if (durations.length < WINDOW_RESERVOIR) durations.push(ms);
    else {
      const i = Math.floor(Math.random() * seen);
      if (i < WINDOW_RESERVOIR) durations[i] = ms;
    }
  };

  return {
    registry,
    registerGauge,
    async readGauge(name) {
      const reader = readers.get(name);
      if (!reader) return null;
      try {
        return await reader.value();
      } catch {
        return null;
      }
    },
    instrument(app) {
      app.addHook("onResponse", async (request, reply) => {
        // The route pattern, never the raw URL (ids would make a series per record).
        const route = request.routeOptions.url ?? "unmatched";
        observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
      });
    },
    observeRequest,
    takeWindow() {
      const now = performance.now();
      const elapsed = now - windowStart;
      const cpu = process.cpuUsage(cpuStart);
      const sorted = durations.sort((a, b) => a - b);
      const pct = (p: number) =>
        sorted.length ? round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!) : null;
      const loopMs = (q: number) => (loop.count > 0 ? round(loopMsAt(q)) : null);
      const out: MetricsWindow = {
        elapsed_ms: Math.round(elapsed),
        requests,
        errors_5xx: errors5xx,
        p50_ms: pct(50),
        p95_ms: pct(95),
        event_loop_delay_p50_ms: loopMs(50),
        event_loop_delay_p99_ms: loopMs(99),
        cpu_percent: elapsed > 0 ? round(((cpu.user + cpu.system) / 1000 / elapsed) * 100) : null,
      };
      windowStart = now;
      cpuStart = process.cpuUsage();
      durations = [];
      seen = 0;
      requests = 0;
      errors5xx = 0;
      loop.reset();
      return out;
    },
    text: () => registry.metrics(),
    get contentType() {
      return registry.contentType;
    },
    close() {
      loop.disable();
      registry.clear();
    },
  };
}

const round = (v: number) => Math.round(v * 100) / 100;
