/**
 * Infrastructure faults (issue 19, `npm run test:faults`): PostgreSQL restarted mid-traffic, Redis
 * lost and back, a full disk for uploads and exports. Each scenario runs real processes or a real
 * filesystem; the figures of all three are printed as one JSON object at the end.
 */
import { afterAll, describe, expect, it } from "vitest";
import { pgClusterProblem } from "../../pg-cluster.ts";
import { countBy, crashLines, isCleanServerError } from "./infra/http.ts";
import { OUTAGE_MS, RECOVERY_BOUND_MS, REQUEST_TIMEOUT_MS, runPgOutage } from "./infra/pg-outage.ts";

const figures: Record<string, unknown> = {};
afterAll(() => {
  console.info(JSON.stringify({ suite: "faults/infra", ...figures }));
});

const pgProblem = pgClusterProblem();

describe.skipIf(Boolean(pgProblem))(`PostgreSQL restarted mid-traffic${pgProblem ? `: skipped, ${pgProblem}` : ""}`, () => {
  it("answers 503 on readiness and clean 5xx while down, recovers without a restart, loses no acknowledged write", async () => {
    const run = await runPgOutage();
    const during = run.answers.filter((a) => a.phase !== "before" && a.phase !== "after");
    const failures = run.answers.filter((a) => a.status !== 200 && a.status !== 201);
    const after = run.answers.filter((a) => a.phase === "after" && a.at - (run.answers[0]?.at ?? 0) >= 0);
    figures.postgres = {
      outageMs: run.outageMs,
      requests: run.answers.length,
      duringOutageByStatus: countBy(during, (a) =>
        a.error ? a.error : `${a.status}${a.status >= 400 ? ` ${(a.body as { code?: string })?.code}` : ""}`,
      ),
      maxLatencyDuringOutageMs: Math.max(0, ...during.map((a) => a.ms)),
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      readyDuringOutage: countBy(run.readyDuringOutage, String),
      readyAgainMs: run.readyAgainMs,
      recoveryMs: run.recoveryMs,
      recoveryBoundMs: RECOVERY_BOUND_MS,
      acknowledgedWrites: run.acknowledgedWrites,
      lostWrites: run.lostWrites.length,
      afterByStatus: countBy(after, (a) => String(a.status)),
    };
    expect(run.exitedEarly, run.output.slice(-3000)).toBe(false);
    expect(crashLines(run.output)).toEqual([]);
    expect(run.outageMs).toBeGreaterThanOrEqual(OUTAGE_MS);
    expect(run.readyDuringOutage.length).toBeGreaterThan(0);
    expect(run.readyDuringOutage.every((s) => s === 503)).toBe(true);
    // Traffic did reach the outage, and every failure anywhere was a clean, bounded 5xx.
    expect(during.some((a) => a.status >= 500)).toBe(true);
    const unclean = failures.filter((a) => !isCleanServerError(a));
    expect(unclean.map((a) => ({ kind: a.kind, phase: a.phase, status: a.status, error: a.error, body: a.body }))).toEqual([]);
    expect(Math.max(...run.answers.map((a) => a.ms))).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(run.recoveryMs).toBeLessThan(RECOVERY_BOUND_MS);
    // The last seconds after recovery are all successes, of both kinds.
    const tail = run.answers.filter((a) => a.at > Math.max(...run.answers.map((x) => x.at)) - 2_000);
    expect(tail.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(tail.some((a) => a.kind === "write") && tail.some((a) => a.kind === "read")).toBe(true);
    expect(run.lostWrites).toEqual([]);
  });
});
