/**
 * The campaign wizard's model: its steps, the editable draft made from a campaign, each step's
 * validation (what keeps "Next" from moving on) and the PUT body a step saves. Pure, so the rules
 * are tested without a browser.
 */
import { type Campaign, CampaignSchedule, CampaignStep, type CampaignUpdate, MAX_STEPS } from "@prospector/contracts";
import { CAMPAIGN_MESSAGES } from "./campaign-errors.ts";

export const WIZARD_STEPS = ["details", "sequence", "preview", "leads", "inboxes", "schedule", "review"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const WIZARD_LABELS: Record<WizardStep, string> = {
  details: "Details",
  sequence: "Sequence",
  preview: "Preview",
  leads: "Leads",
  inboxes: "Inboxes",
  schedule: "Schedule",
  review: "Review & launch",
};

export interface DraftStep {
  delay_days: number;
  subject: string;
  body: string;
  variants: Array<{ subject: string; body: string }>;
}

export interface CampaignDraft {
  name: string;
  subject_line: string;
  steps: DraftStep[];
  inbox_ids: string[];
  schedule: { timezone: string; days: number[]; start: string; end: string };
  starts_at: string | null;
  track_opens: boolean;
  track_clicks: boolean;
  stop_on_reply: boolean;
}

export type StepErrors = Record<string, string>;

export function stepFromParam(value: string | null): WizardStep {
  return (WIZARD_STEPS as readonly string[]).includes(value ?? "") ? (value as WizardStep) : "details";
}

export function draftFromCampaign(c: Campaign): CampaignDraft {
  const steps = c.steps.length ? c.steps : [{ delay_days: 0, subject: c.subject_line, body: c.body, variants: [] }];
  return {
    name: c.name,
    subject_line: c.subject_line,
    steps: steps.map((s) => ({ ...s, variants: s.variants.map((v) => ({ ...v })) })),
    inbox_ids: [...c.inbox_ids],
    schedule: { ...c.schedule, days: [...c.schedule.days] },
    starts_at: c.starts_at,
    track_opens: c.track_opens,
    track_clicks: c.track_clicks,
    stop_on_reply: c.stop_on_reply,
  };
}

export function emptyStep(delay = 3): DraftStep {
  return { delay_days: delay, subject: "", body: "", variants: [] };
}

export const canAddStep = (d: CampaignDraft) => d.steps.length < MAX_STEPS;

/** The errors that keep a step from moving on, keyed by field (`steps.1.subject`, `schedule.end`…). */
export function validateStep(step: WizardStep, d: CampaignDraft): StepErrors {
  const errors: StepErrors = {};
  if (step === "details") {
    if (!d.name.trim() || !d.subject_line.trim()) {
      if (!d.name.trim()) errors.name = CAMPAIGN_MESSAGES.required;
      if (!d.subject_line.trim()) errors.subject_line = CAMPAIGN_MESSAGES.required;
    }
    if (d.name.length > 200) errors.name = "A campaign name has at most 200 characters";
  }
  if (step === "sequence") {
    if (d.steps.length === 0) errors.steps = "Add at least one step";
    d.steps.forEach((s, i) => {
      const n = i + 1;
      if (!s.subject.trim()) errors[`steps.${i}.subject`] = `Step ${n} needs a subject`;
      if (!s.body.trim()) errors[`steps.${i}.body`] = `Step ${n} needs a body`;
      const parsed = CampaignStep.safeParse(s);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = `steps.${i}.${issue.path.join(".")}`;
          errors[key] ??= issue.message;
        }
      }
    });
  }
  if (step === "schedule") {
    if (d.schedule.days.length === 0) errors["schedule.days"] = "Pick at least one sending day";
    const parsed = CampaignSchedule.safeParse(d.schedule);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[`schedule.${issue.path.join(".")}`] ??= issue.message;
    }
    if (d.starts_at && Number.isNaN(Date.parse(d.starts_at))) errors.starts_at = "Enter a valid start date and time";
  }
  return errors;
}

/** What a step saves (PUT /api/campaigns/{id}); the first step's subject is the campaign's subject line. */
export function updateFor(step: WizardStep, d: CampaignDraft): CampaignUpdate | null {
  switch (step) {
    case "details":
      return { name: d.name.trim(), subject_line: d.subject_line.trim() };
    case "sequence":
      return { subject_line: d.steps[0]?.subject.trim() || d.subject_line, body: d.steps[0]?.body ?? "", steps: d.steps };
    case "inboxes":
      return { inbox_ids: d.inbox_ids };
    case "schedule":
      return {
        schedule: d.schedule,
        starts_at: d.starts_at,
        track_opens: d.track_opens,
        track_clicks: d.track_clicks,
        stop_on_reply: d.stop_on_reply,
      };
    default:
      return null;
  }
}

/** Keeps the details' subject line and the first step's subject the same text. */
export function withSubject(d: CampaignDraft, subject: string): CampaignDraft {
  const steps = d.steps.length ? d.steps.map((s, i) => (i === 0 ? { ...s, subject } : s)) : [{ ...emptyStep(0), subject }];
  return { ...d, subject_line: subject, steps };
}

export function withStep(d: CampaignDraft, index: number, patch: Partial<DraftStep>): CampaignDraft {
  const steps = d.steps.map((s, i) => (i === index ? { ...s, ...patch } : s));
  return { ...d, steps, subject_line: index === 0 && patch.subject !== undefined ? patch.subject : d.subject_line };
}

/** The browser's time zone, the default for a new schedule. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
