import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterEach, describe, expect, it } from "vitest";
import { createMetrics, type Metrics } from "./metrics.ts";

let m: Metrics;
afterEach(() => m.close());

describe("createMetrics", () => {
  it("keeps a registry of its own: two runtimes in one process do not share series", async () => {
    m = createMetrics();
    const other = createMetrics();
    m.observeRequest("/api/a", "GET", 200, 0.01);
    expect(await m.text()).toContain('route="/api/a"');
    expect(await other.text()).not.toContain('route="/api/a"');
    other.close();
  });

  it("windows requests: count, 5xx and percentiles since the previous take, then starts over", () => {
    m = createMetrics();
    for (let i = 1; i <= 100; i++) m.observeRequest("/api/x/:id", "GET", i <= 3 ? 503 : 200, i / 1000);
    const w = m.takeWindow();
    expect(w.requests).toBe(100);
    expect(w.errors_5xx).toBe(3);
    expect(w.p50_ms).toBe(51);
    expect(w.p95_ms).toBe(96);
    expect(w.cpu_percent).toEqual(expect.any(Number));
    const next = m.takeWindow();
    expect(next).toMatchObject({ requests: 0, errors_5xx: 0, p50_ms: null, p95_ms: null });
  });

  it("reads registered gauges at scrape time; a failing reader prints NaN and reads as null", async () => {
    m = createMetrics();
    let n = 2;
    m.registerGauge({ name: "prospector_test_things", help: "things", value: () => n });
    m.registerGauge({
      name: "prospector_test_broken",
      help: "broken",
      value: () => {
        throw new Error("nope");
      },
    });
    expect(await m.readGauge("prospector_test_things")).toBe(2);
    n = 5;
    const families = parsePrometheusTextFormat(await m.text());
    const things = families.find((f) => f.name === "prospector_test_things")!;
    expect((things.metrics[0] as { value: string }).value).toBe("5");
    const broken = families.find((f) => f.name === "prospector_test_broken")!;
    expect(Number((broken.metrics[0] as { value: string }).value)).toBeNaN();
    expect(await m.readGauge("prospector_test_broken")).toBeNull();
    expect(await m.readGauge("prospector_unknown")).toBeNull();
    // A second registration (a feature rebuilt) replaces the reader without a duplicate family.
    m.registerGauge({ name: "prospector_test_things", help: "things", value: () => 9 });
    expect(await m.readGauge("prospector_test_things")).toBe(9);
    expect((await m.text()).match(/# TYPE prospector_test_things/g)).toHaveLength(1);
  });

  it("measures event-loop delay beyond the monitor's own interval", async () => {
    m = createMetrics();
    m.takeWindow();
    await new Promise((r) => setTimeout(r, 200));
    const block = Date.now() + 120;
    while (Date.now() < block) {
      // a blocked event loop
    }
    await new Promise((r) => setTimeout(r, 100));
    const w = m.takeWindow();
    expect(w.event_loop_delay_p50_ms).toBeLessThan(50);
    expect(w.event_loop_delay_p99_ms).toBeGreaterThanOrEqual(80);
  });
});
