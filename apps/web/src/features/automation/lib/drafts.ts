/** The rule builder's form state, and how it becomes the API's input (the server validates it). */
import type {
  AutomationActionInput,
  AutomationActionType,
  AutomationConditionField,
  AutomationConditionOp,
  AutomationRule,
  AutomationTriggerInput,
  AutomationTriggerType,
  NurtureExitType,
  NurtureSequence,
} from "@prospector/contracts";
import type { FieldError } from "../../../lib/errors.ts";

export interface TriggerDraft {
  type: AutomationTriggerType;
  campaign_id: string;
  min_opens: string;
  within_days: string;
  without_reply: boolean;
  tag: string;
}
export interface ConditionDraft {
  field: AutomationConditionField;
  op: AutomationConditionOp;
  value: string;
}
export interface ActionDraft {
  type: AutomationActionType;
  title: string;
  due_in_days: string;
  target: "user" | "workspace";
  message: string;
  campaign_id: string;
  sequence_id: string;
  tag: string;
  status: string;
  /** create_task: the assignee; notify (user): who. "" = the rule's author. */
  member_id: string;
}
export interface ExitDraft {
  type: NurtureExitType;
  days: string;
  status: string;
}

export const emptyTrigger = (type: AutomationTriggerType = "reply_received"): TriggerDraft => ({
  type,
  campaign_id: "",
  min_opens: "3",
  within_days: "7",
  without_reply: true,
  tag: "",
});
export const emptyCondition = (): ConditionDraft => ({ field: "status", op: "is", value: "" });
export const emptyAction = (type: AutomationActionType = "create_task"): ActionDraft => ({
  type,
  title: type === "create_task" ? "Follow up with {{first_name}}" : "",
  due_in_days: "1",
  target: "user",
  message: type === "notify" ? "{{first_name}} at {{company}}: time to act" : "",
  campaign_id: "",
  sequence_id: "",
  tag: "",
  status: "interested",
  member_id: "",
});

const num = (s: string) => (s.trim() === "" ? Number.NaN : Number(s));

export function triggerInput(t: TriggerDraft): AutomationTriggerInput {
  return {
    type: t.type,
    campaign_id: t.campaign_id || null,
    ...(t.type === "email_opened" ? { min_opens: num(t.min_opens), within_days: num(t.within_days), without_reply: t.without_reply } : {}),
    ...(t.type === "lead_tagged" ? { tag: t.tag } : {}),
  };
}

export function actionInput(a: ActionDraft): AutomationActionInput {
  switch (a.type) {
    case "create_task":
      return { type: a.type, title: a.title, due_in_days: num(a.due_in_days), assignee_id: a.member_id || null };
    case "notify":
      return { type: a.type, target: a.target, message: a.message, user_id: a.target === "user" ? a.member_id || null : null };
    case "add_to_campaign":
      return { type: a.type, campaign_id: a.campaign_id };
    case "remove_from_campaign":
    case "stop_in_campaign":
      return { type: a.type, campaign_id: a.campaign_id || null };
    case "enroll_in_sequence":
      return { type: a.type, sequence_id: a.sequence_id };
    case "add_tag":
    case "remove_tag":
      return { type: a.type, tag: a.tag };
    case "set_status":
      return { type: a.type, status: a.status as "interested" };
  }
}

export function exitInput(e: ExitDraft) {
  return {
    type: e.type,
    ...(e.type === "after_days" ? { days: num(e.days) } : {}),
    ...(e.type === "lead_status" ? { status: e.status as "interested" } : {}),
  };
}

export function triggerDraft(t: AutomationRule["trigger"]): TriggerDraft {
  return {
    type: t.type,
    campaign_id: t.campaign_id ?? "",
    min_opens: String(t.min_opens),
    within_days: String(t.within_days),
    without_reply: t.without_reply,
    tag: t.tag ?? "",
  };
}

export function actionDraft(a: AutomationRule["actions"][number]): ActionDraft {
  const d = emptyAction(a.type);
  if (a.type === "create_task") return { ...d, title: a.title, due_in_days: String(a.due_in_days), member_id: a.assignee_id ?? "" };
  if (a.type === "notify") return { ...d, target: a.target, message: a.message, member_id: a.user_id ?? "" };
  if (a.type === "add_to_campaign" || a.type === "remove_from_campaign" || a.type === "stop_in_campaign")
    return { ...d, campaign_id: a.campaign_id ?? "" };
  if (a.type === "enroll_in_sequence") return { ...d, sequence_id: a.sequence_id };
  if (a.type === "add_tag" || a.type === "remove_tag") return { ...d, tag: a.tag };
  return { ...d, status: a.status };
}

export function exitDraft(e: NurtureSequence["exits"][number]): ExitDraft {
  return { type: e.type, days: e.days ? String(e.days) : "", status: e.status ?? "interested" };
}

/** The server's message for one field (e.g. "actions.0.campaign_id"), if it named it. */
export function fieldError(errors: FieldError[] | undefined, field: string): string | undefined {
  return errors?.find((e) => e.field === field)?.message;
}
