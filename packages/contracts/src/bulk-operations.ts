/** Contracts of the bulk-operations feature (issue 15, docs/bulk-operations.md). */
import { z } from "zod";
import { LeadFilters, LeadStatus } from "./leads.ts";

/** Most targets one operation may have; a filter matching more is refused with the count. */
export const BULK_MAX_TARGETS = 100_000;
/** Most explicit ids in one request (larger sets: use a filter). */
export const BULK_MAX_IDS = 10_000;
/** How long after it finishes an operation can be undone. */
export const BULK_UNDO_WINDOW_MS = 10 * 60 * 1000;
/** Errors kept on the operation row (every item keeps its own). */
export const BULK_ERRORS_KEPT = 100;

export const BulkTargetType = z.enum(["leads", "campaigns"]);
export type BulkTargetType = z.infer<typeof BulkTargetType>;

export const BulkOperationStatus = z.enum(["queued", "running", "done", "failed", "cancelled", "undone"]);
export type BulkOperationStatus = z.infer<typeof BulkOperationStatus>;

export const BulkUndoStatus = z.enum(["running", "done", "failed"]);
export type BulkUndoStatus = z.infer<typeof BulkUndoStatus>;

export const BulkItemStatus = z.enum(["pending", "succeeded", "failed", "undone", "undo_failed"]);
export type BulkItemStatus = z.infer<typeof BulkItemStatus>;

export const LeadBulkAction = z.enum([
  "add_tags",
  "remove_tags",
  "set_status",
  "add_to_campaign",
  "remove_from_campaign",
  "enrich",
  "delete",
]);
export type LeadBulkAction = z.infer<typeof LeadBulkAction>;
export const CampaignBulkAction = z.enum(["pause", "resume", "stop", "delete"]);
export type CampaignBulkAction = z.infer<typeof CampaignBulkAction>;

/** Which actions can be undone within the window, and why the others cannot (shown before running). */
export const BULK_NOT_UNDOABLE: Partial<Record<LeadBulkAction | CampaignBulkAction, string>> = {
  enrich: "Enrichment fills empty fields from outside sources; it is not undone",
  stop: "A stopped campaign cannot be restarted: stop is final",
};
export const CAMPAIGN_DELETE_NOT_UNDOABLE = "Deleting a campaign removes its sent-message history and analytics: it cannot be undone";

const Tag = z.string().trim().min(1, "A tag cannot be empty").max(50, "A tag is at most 50 characters");
const Tags = z.array(Tag).min(1, "Give at least one tag").max(50, "At most 50 tags");

const LeadIdsTarget = z.object({
  ids: z
    .array(z.uuid("Not a valid lead id"))
    .min(1, "Select at least one lead")
    .max(BULK_MAX_IDS, `At most ${BULK_MAX_IDS} ids: use a filter for more`),
});
const LeadFilterTarget = z.object({ filter: LeadFilters });
export const LeadTarget = z.union([LeadIdsTarget, LeadFilterTarget]);
export type LeadTarget = z.infer<typeof LeadTarget>;

export const CampaignTarget = z.object({
  ids: z.array(z.uuid("Not a valid campaign id")).min(1, "Select at least one campaign").max(1000, "At most 1000 campaigns at once"),
});
export type CampaignTarget = z.infer<typeof CampaignTarget>;

export const LeadBulkRequest = z.discriminatedUnion("action", [
  z.object({ action: z.literal("add_tags"), target: LeadTarget, tags: Tags }),
  z.object({ action: z.literal("remove_tags"), target: LeadTarget, tags: Tags }),
  z.object({ action: z.literal("set_status"), target: LeadTarget, status: LeadStatus }),
  z.object({ action: z.literal("add_to_campaign"), target: LeadTarget, campaign_id: z.uuid("Choose a campaign") }),
  z.object({ action: z.literal("remove_from_campaign"), target: LeadTarget, campaign_id: z.uuid("Choose a campaign") }),
  z.object({ action: z.literal("enrich"), target: LeadTarget }),
  z.object({ action: z.literal("delete"), target: LeadTarget }),
]);
export type LeadBulkRequest = z.infer<typeof LeadBulkRequest>;

export const CampaignBulkRequest = z.object({ action: CampaignBulkAction, target: CampaignTarget });
export type CampaignBulkRequest = z.infer<typeof CampaignBulkRequest>;

export const BulkPreviewRequest = z.object({ target: LeadTarget });
export type BulkPreviewRequest = z.infer<typeof BulkPreviewRequest>;
export const BulkPreview = z.object({
  /** Leads the target matches now (ids of another workspace or deleted ones do not count). */
  count: z.number(),
  cap: z.number(),
  over_cap: z.boolean(),
});
export type BulkPreview = z.infer<typeof BulkPreview>;

export const BulkError = z.object({ id: z.string(), label: z.string(), error: z.string() });
export type BulkError = z.infer<typeof BulkError>;

export const BulkOperation = z.object({
  id: z.string(),
  target_type: BulkTargetType,
  action: z.string(),
  params: z.record(z.string(), z.unknown()),
  target_description: z.string(),
  status: BulkOperationStatus,
  total: z.number(),
  processed: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  /** 0–100. */
  progress: z.number(),
  errors: z.array(BulkError),
  error: z.string().nullable(),
  undoable: z.boolean(),
  /** Why this operation cannot be undone, when it cannot. */
  not_undoable_reason: z.string().nullable(),
  undo_until: z.string().nullable(),
  /** True while the window is open and nothing undid it yet. */
  can_undo: z.boolean(),
  undo_status: BulkUndoStatus.nullable(),
  undone: z.number(),
  undo_failed: z.number(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  undone_at: z.string().nullable(),
});
export type BulkOperation = z.infer<typeof BulkOperation>;

export const BulkOperationListQuery = z.object({
  /** active: queued or running (or being undone); history: the rest. */
  state: z.enum(["active", "history", "all"]).default("all"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type BulkOperationListQuery = z.infer<typeof BulkOperationListQuery>;

export const BulkOperationList = z.object({
  operations: z.array(BulkOperation),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type BulkOperationList = z.infer<typeof BulkOperationList>;

export const BulkItem = z.object({
  seq: z.number(),
  target_id: z.string(),
  label: z.string(),
  status: BulkItemStatus,
  error: z.string().nullable(),
  undo_error: z.string().nullable(),
});
export type BulkItem = z.infer<typeof BulkItem>;

export const BulkItemListQuery = z.object({
  status: BulkItemStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});
export type BulkItemListQuery = z.infer<typeof BulkItemListQuery>;

export const BulkItemList = z.object({ items: z.array(BulkItem), total: z.number(), page: z.number(), per_page: z.number() });
export type BulkItemList = z.infer<typeof BulkItemList>;
