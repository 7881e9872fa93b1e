/** One-line summaries of a rule's trigger and actions for the rules list. */
import type { AutomationRule } from "@prospector/contracts";
import { ACTIONS, TRIGGERS } from "./labels.ts";

export function triggerSummary(t: AutomationRule["trigger"], campaignName: (id: string) => string): string {
  let s = TRIGGERS[t.type];
  if (t.type === "email_opened") s = `Opened ${t.min_opens}× within ${t.within_days} days${t.without_reply ? " without a reply" : ""}`;
  if (t.type === "lead_tagged") s = `Tagged "${t.tag}"`;
  return t.campaign_id ? `${s} · ${campaignName(t.campaign_id)}` : s;
}

export function actionsSummary(actions: AutomationRule["actions"], campaignName: (id: string) => string): string {
  return actions
    .map((a) => {
      if (a.type === "add_tag" || a.type === "remove_tag") return `${ACTIONS[a.type]} "${a.tag}"`;
      if (a.type === "set_status") return `Status → ${a.status.replace("_", " ")}`;
      if (a.type === "add_to_campaign") return `Add to ${campaignName(a.campaign_id)}`;
      if (a.type === "create_task") return `Task "${a.title}"`;
      if (a.type === "notify") return a.target === "workspace" ? "Notify everyone" : "Notify me";
      return ACTIONS[a.type];
    })
    .join(", ");
}
