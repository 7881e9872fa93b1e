/** How the model pages write AUCs, shares, PSI values and days. */
import type { AiModelVersion, DriftStatus } from "@prospector/contracts";

export const fmtAuc = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toFixed(3));
export const fmtPct = (v: number | null | undefined, digits = 1) => (v === null || v === undefined ? "—" : `${(v * 100).toFixed(digits)}%`);
export const fmtPsi = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toFixed(3));
export const fmtDay = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "—");
export const windowOf = (v: AiModelVersion) => `${fmtDay(v.training_from)} → ${fmtDay(v.training_to)}`;
export const TASK_LABEL: Record<string, string> = { lead_score: "Lead scoring", send_time: "Send time", reply_intent: "Reply intent" };
export const STATUS_COLOR: Record<DriftStatus, "success" | "warning" | "error"> = { stable: "success", watch: "warning", drift: "error" };
