/** Liveness, readiness, Prometheus /metrics and the sampled history behind /system-health/* (docs/operations.md). */
import type { Feature } from "../../platform/feature.ts";

export const metricsPart: Feature = { name: "health/metrics" };
