/**
 * Memory intelligence and personalized images (docs/ai/content.md): a lead's whole timeline (one
 * SQL union over every source, keyset-paged), its summary, a workspace-wide search of timeline text,
 * and images generated from the lead's data, kept as PNG files, explained and recorded in the ledger.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type * as C from "@prospector/contracts";
import type {
  ImageOptions,
  ImagePage,
  ImageTemplate,
  MemoryLead,
  MemoryLeadPage,
  MemorySearchPage,
  PersonalizedImage,
  TimelineChannel,
  TimelineItem,
  TimelineKind,
  TimelinePage,
  TimelineSummary,
} from "@prospector/contracts";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { recordAiAction } from "../ai-ledger/index.ts";
import { IMAGE_SIZES, type ImageLead, type RenderedImage, renderImage } from "./content.images.ts";
import * as repo from "./content.repository.ts";

type Ctx = Pick<AppContext, "db" | "config" | "log">;

export const CHANNEL_OF: Record<TimelineKind, TimelineChannel> = {
  created: "record",
  imported: "record",
  enriched: "record",
  merged: "record",
  campaign_sent: "email",
  opened: "email",
  clicked: "email",
  replied: "email",
  auto_replied: "email",
  bounced: "email",
  unsubscribed: "email",
  complained: "email",
  meeting: "email",
  compose_sent: "email",
  interaction: "crm",
  note: "crm",
  task: "crm",
  deal_created: "crm",
  deal_stage: "crm",
  ai_action: "ai",
  agent_run: "ai",
};

const leadName = (r: { firstName?: string | null; lastName?: string | null; first_name?: string | null; last_name?: string | null }) =>
  [r.firstName ?? r.first_name, r.lastName ?? r.last_name].filter(Boolean).join(" ");

const toMemoryLead = (r: {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyName: string | null;
}): MemoryLead => ({
  id: r.id,
  name: leadName(r) || r.email || r.companyName || "Unnamed lead",
  email: r.email,
  company: r.companyName,
});

async function leadOrThrow(ctx: Pick<AppContext, "db">, workspaceId: string, leadId: string) {
  const lead = await repo.leadRow(ctx.db, workspaceId, leadId);
  if (!lead) throw new AppError("CONTENT_LEAD_NOT_FOUND");
  return lead;
}

export async function memoryLeads(
  ctx: Pick<AppContext, "db">,
  workspaceId: string,
  q: z.output<typeof C.MemoryLeadsQuery>,
): Promise<MemoryLeadPage> {
  let after: string | undefined;
  if (q.cursor) {
    const k = decodeKeyset(q.cursor);
    if (!k || !z.uuid().safeParse(k[1]).success) throw badCursor();
    after = k[1];
  }
  const rows = await repo.searchLeads(ctx.db, workspaceId, q.q || undefined, q.limit + 1, after);
  const page = rows.slice(0, q.limit);
  return { items: page.map(toMemoryLead), next_cursor: rows.length > q.limit ? encodeKeyset(0, page.at(-1)!.id) : null };
}

const toItem = (r: repo.TimelineRow): TimelineItem => {
  const kind = r.kind as TimelineKind;
  return {
    id: `${kind}:${r.item_id}`,
    kind,
    channel: CHANNEL_OF[kind],
    at: r.at,
    title: r.title,
    body: r.body,
    reply_class: r.reply_class,
    campaign_id: r.campaign_id,
    ai_action_id: r.ai_action_id,
    link: r.link,
  };
};

const KIND_SET = new Set<string>(Object.keys(CHANNEL_OF));

function decodeTimelineCursor(cursor: string): { at: string; kind: string; id: string } {
  const k = decodeKeyset(cursor);
  if (!k || typeof k[0] !== "string") throw badCursor();
  const [at, kind] = k[0].split("|");
  if (!at || !kind || !KIND_SET.has(kind) || Number.isNaN(Date.parse(at))) throw badCursor();
  return { at, kind, id: k[1] };
}

export async function timeline(
  ctx: Pick<AppContext, "db">,
  workspaceId: string,
  leadId: string,
  q: z.output<typeof C.TimelineQuery>,
): Promise<TimelinePage> {
  await leadOrThrow(ctx, workspaceId, leadId);
  const after = q.cursor ? decodeTimelineCursor(q.cursor) : undefined;
  const rows = await repo.timelinePage(ctx.db, workspaceId, leadId, { kinds: q.kinds, q: q.q || undefined, after, limit: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(`${last.at_key}|${last.kind}`, last.item_id) : null,
  };
}

export async function summary(ctx: Pick<AppContext, "db">, workspaceId: string, leadId: string): Promise<TimelineSummary> {
  const lead = await leadOrThrow(ctx, workspaceId, leadId);
  const [counts, stage] = await Promise.all([
    repo.timelineCounts(ctx.db, workspaceId, leadId),
    repo.currentStage(ctx.db, workspaceId, leadId),
  ]);
  const byChannel: Record<TimelineChannel, number> = { email: 0, crm: 0, ai: 0, record: 0 };
  const kindCounts: Partial<Record<TimelineKind, number>> = {};
  let first: string | null = null;
  let last: string | null = null;
  for (const c of counts) {
    const kind = c.kind as TimelineKind;
    const channel = CHANNEL_OF[kind];
    byChannel[channel] += c.n;
    kindCounts[kind] = c.n;
    // A touch is something between us and the person: mail and CRM records, not AI or data changes.
    if (channel === "email" || channel === "crm") {
      if (c.first_at && (!first || c.first_at < first)) first = c.first_at;
      if (c.last_at && (!last || c.last_at > last)) last = c.last_at;
    }
  }
  return {
    lead: toMemoryLead(lead),
    lead_status: lead.status,
    first_touch_at: first,
    last_touch_at: last,
    counts: byChannel,
    kind_counts: kindCounts,
    total: counts.reduce((n, c) => n + c.n, 0),
    current_stage: stage ? { name: stage.stage, deal_id: stage.dealId, deal_name: stage.dealName } : null,
  };
}

export async function searchMemory(
  ctx: Pick<AppContext, "db">,
  workspaceId: string,
  q: z.output<typeof C.MemorySearchQuery>,
): Promise<MemorySearchPage> {
  let after: { at: string; leadId: string } | undefined;
  if (q.cursor) {
    const k = decodeKeyset(q.cursor);
    if (!k || typeof k[0] !== "string" || Number.isNaN(Date.parse(k[0])) || !z.uuid().safeParse(k[1]).success) throw badCursor();
    after = { at: k[0], leadId: k[1] };
  }
  const rows = await repo.searchWorkspace(ctx.db, workspaceId, q.q, q.limit + 1, after);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      lead: toMemoryLead({ id: r.lead_id, firstName: r.first_name, lastName: r.last_name, email: r.email, companyName: r.company_name }),
      item: toItem(r),
      matches: r.matches,
    })),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.at_key, last.lead_id) : null,
  };
}

// ---- Personalized images ----

const FILE = /^[0-9a-f-]{36}-[0-9a-f]{32}\.png$/;
export const imagesDir = (ctx: Pick<AppContext, "config">) => path.join(ctx.config.dataDir, "uploads", "ai-images");
const newToken = () => crypto.randomBytes(32).toString("base64url");

function toImage(ctx: Pick<AppContext, "config">, r: repo.ImageRow): PersonalizedImage {
  const publicUrl = r.publicToken ? `${ctx.config.trackingUrl}/i/${r.publicToken}` : null;
  const attr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return {
    id: r.id,
    lead_id: r.leadId,
    template: r.template,
    width: r.width,
    height: r.height,
    alt_text: r.altText,
    explanation: r.explanation,
    ai_action_id: r.aiActionId,
    image_url: `/api/content/images/${r.id}/png`,
    public_url: publicUrl,
    // Shown at half size: the PNG is drawn at twice the width for sharp text on high-density screens.
    embed_html: publicUrl
      ? `<img src="${attr(publicUrl)}" alt="${attr(r.altText)}" width="${r.width / 2}" height="${r.height / 2}" style="display:block;border:0;max-width:100%;height:auto">`
      : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const imageLead = (lead: NonNullable<Awaited<ReturnType<typeof repo.leadRow>>>): ImageLead => ({
  firstName: lead.firstName,
  lastName: lead.lastName,
  companyName: lead.companyName,
  email: lead.email,
  website: lead.website,
  companyInsight: lead.companyInsight,
  industry: lead.industry,
});

async function render(ctx: Ctx, template: ImageTemplate, lead: ImageLead, options: ImageOptions): Promise<RenderedImage> {
  try {
    return await renderImage(template, lead, options);
  } catch (err) {
    ctx.log.error({ err }, "personalized image render failed");
    throw new AppError("CONTENT_RENDER_FAILED");
  }
}

/** The template drawn for the lead, not kept and not recorded (the page's preview). */
export async function previewImage(ctx: Ctx, workspaceId: string, q: z.output<typeof C.PreviewImageQuery>): Promise<Buffer> {
  const lead = await leadOrThrow(ctx, workspaceId, q.lead_id);
  const out = await render(ctx, q.template, imageLead(lead), { accent_color: q.accent_color, headline: q.headline });
  return out.png;
}

export async function generateImage(
  ctx: Ctx,
  auth: { workspaceId: string; userId: string | null },
  input: z.output<typeof C.GenerateImageInput>,
): Promise<PersonalizedImage> {
  const lead = await leadOrThrow(ctx, auth.workspaceId, input.lead_id);
  const started = Date.now();
  const out = await render(ctx, input.template, imageLead(lead), input.options);
  const id = newId();
  const fileName = `${id}-${crypto.randomBytes(16).toString("hex")}.png`;
  try {
    await fs.promises.mkdir(imagesDir(ctx), { recursive: true });
    await fs.promises.writeFile(path.join(imagesDir(ctx), fileName), out.png);
  } catch (err) {
    ctx.log.error({ err }, "could not store personalized image");
    throw new AppError("CONTENT_RENDER_FAILED");
  }
  const actionId = await recordAiAction(
    ctx,
    { workspaceId: auth.workspaceId, userId: auth.userId, kind: "image", subject: { type: "lead", id: lead.id } },
    {
      model: `image-template:${input.template}@1`,
      input: { template: input.template, options: input.options, lead_fields: out.used },
      output: { image_id: id, width: out.width, height: out.height, alt_text: out.altText },
      explanation: { summary: out.explanation, unit: "rule", source: `template ${input.template} v1` },
      durationMs: Date.now() - started,
    },
  );
  try {
    const row = await repo.insertImage(ctx.db, {
      id,
      workspaceId: auth.workspaceId,
      leadId: lead.id,
      template: input.template,
      options: input.options,
      width: out.width,
      height: out.height,
      altText: out.altText,
      explanation: out.explanation,
      fileName,
      publicToken: newToken(),
      aiActionId: actionId,
      createdBy: auth.userId,
    });
    return toImage(ctx, row);
  } catch (err) {
    await fs.promises.rm(path.join(imagesDir(ctx), fileName), { force: true });
    throw err;
  }
}

export async function listImages(
  ctx: Pick<AppContext, "db" | "config">,
  workspaceId: string,
  q: z.output<typeof C.ImagesQuery>,
): Promise<ImagePage> {
  let after: { at: Date; id: string } | undefined;
  if (q.cursor) {
    const k = decodeKeyset(q.cursor);
    if (!k || typeof k[0] !== "number" || !z.uuid().safeParse(k[1]).success) throw badCursor();
    after = { at: new Date(k[0]), id: k[1] };
  }
  if (q.lead_id) await leadOrThrow(ctx, workspaceId, q.lead_id);
  const rows = await repo.listImages(ctx.db, workspaceId, { leadId: q.lead_id, limit: q.limit + 1, after });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toImage(ctx, r)),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.createdAt.getTime(), last.id) : null,
  };
}

async function imageOrThrow(ctx: Pick<AppContext, "db">, workspaceId: string, id: string) {
  const row = await repo.findImage(ctx.db, workspaceId, id);
  if (!row) throw new AppError("CONTENT_IMAGE_NOT_FOUND");
  return row;
}

async function readFile(ctx: Pick<AppContext, "config">, row: repo.ImageRow): Promise<Buffer | null> {
  if (!FILE.test(row.fileName)) return null;
  return fs.promises.readFile(path.join(imagesDir(ctx), row.fileName)).catch(() => null);
}

export async function imagePng(ctx: Pick<AppContext, "db" | "config">, workspaceId: string, id: string): Promise<Buffer> {
  const png = await readFile(ctx, await imageOrThrow(ctx, workspaceId, id));
  if (!png) throw new AppError("CONTENT_IMAGE_NOT_FOUND");
  return png;
}

/** The PNG behind a public link, or the 404 for an unknown or revoked token. */
export async function publicImagePng(ctx: Pick<AppContext, "db" | "config">, token: string): Promise<Buffer> {
  const row = /^[A-Za-z0-9_-]{43}$/.test(token) ? await repo.findImageByToken(ctx.db, token) : null;
  const png = row ? await readFile(ctx, row) : null;
  if (!png) throw new AppError("CONTENT_PUBLIC_IMAGE_NOT_FOUND");
  return png;
}

export async function updateAltText(ctx: Pick<AppContext, "db" | "config">, workspaceId: string, id: string, altText: string) {
  const row = await repo.updateImage(ctx.db, workspaceId, id, { altText });
  if (!row) throw new AppError("CONTENT_IMAGE_NOT_FOUND");
  return toImage(ctx, row);
}

/** A new public link (the previous one, if any, stops working). */
export async function rotatePublicLink(ctx: Pick<AppContext, "db" | "config">, workspaceId: string, id: string) {
  const row = await repo.updateImage(ctx.db, workspaceId, id, { publicToken: newToken() });
  if (!row) throw new AppError("CONTENT_IMAGE_NOT_FOUND");
  return toImage(ctx, row);
}

export async function revokePublicLink(ctx: Pick<AppContext, "db" | "config">, workspaceId: string, id: string) {
  const row = await repo.updateImage(ctx.db, workspaceId, id, { publicToken: null });
  if (!row) throw new AppError("CONTENT_IMAGE_NOT_FOUND");
  return toImage(ctx, row);
}

export async function deleteImage(ctx: Pick<AppContext, "db" | "config">, workspaceId: string, id: string): Promise<void> {
  const row = await repo.deleteImage(ctx.db, workspaceId, id);
  if (!row) throw new AppError("CONTENT_IMAGE_NOT_FOUND");
  if (FILE.test(row.fileName)) await fs.promises.rm(path.join(imagesDir(ctx), row.fileName), { force: true });
}

export { IMAGE_SIZES };

/**
 * Removes image files no row points at any more: a lead or workspace deleted takes its rows with it
 * (foreign keys), not the files. Only files older than `graceMs` go, so a generation between
 * writing its file and inserting its row keeps it.
 */
export async function sweepImageFiles(ctx: Pick<AppContext, "db" | "config">, graceMs = 3_600_000): Promise<number> {
  const dir = imagesDir(ctx);
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter((n) => FILE.test(n));
  let removed = 0;
  for (let i = 0; i < names.length; i += 500) {
    const batch = names.slice(i, i + 500);
    const kept = await repo.keptFileNames(ctx.db, batch);
    for (const name of batch) {
      if (kept.has(name)) continue;
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat || Date.now() - stat.mtimeMs < graceMs) continue;
      await fs.promises.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
