/** GET /api/security/analytics: alerts by day and rule, sign-ins by day, top sources, targeted accounts, API key refusals. */
import type { SecurityRuleId, ThreatAnalytics } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { apiKeyActivityBetween } from "../api-keys/index.ts";
import * as repo from "./detection.repository.ts";
import { geoIp } from "./detection.service.ts";

const DAY = 24 * 3_600_000;
const TOP = 10;

export async function threatAnalytics(ctx: AppContext, auth: AuthContext, days: number): Promise<ThreatAnalytics> {
  const since = new Date(Math.floor(Date.now() / DAY) * DAY - (days - 1) * DAY);
  const scope = { workspaceId: auth.workspaceId, instance: auth.isInstanceAdmin };
  const [alerts, signIns, sources, targeted, activity, { geo }] = await Promise.all([
    repo.alertsByDay(ctx.db, scope, since),
    repo.signInsByDay(ctx.db, scope, since),
    repo.topSources(ctx.db, scope, since, TOP),
    repo.targetedAccounts(ctx.db, scope, since, TOP),
    apiKeyActivityBetween(ctx, since, new Date(Date.now() + 3_600_000), undefined, auth.workspaceId),
    geoIp(ctx),
  ]);
  const keys = new Map<string, { api_key_id: string; name: string; denied: number; requests: number }>();
  for (const r of activity) {
    const k = keys.get(r.apiKeyId) ?? { api_key_id: r.apiKeyId, name: r.keyName, denied: 0, requests: 0 };
    k.denied += r.denied;
    k.requests += r.requests;
    keys.set(r.apiKeyId, k);
  }
  return {
    days,
    alerts_by_day: alerts.map((a) => ({ day: a.day, rule: a.rule as SecurityRuleId, count: a.count })),
    failed_sign_ins_by_day: signIns,
    top_sources: sources.map((s) => ({ ...s, country: geo?.lookup(s.ip)?.country ?? null })),
    targeted_accounts: targeted,
    api_key_denials: [...keys.values()]
      .filter((k) => k.denied > 0)
      .sort((a, b) => b.denied - a.denied)
      .slice(0, TOP),
  };
}
