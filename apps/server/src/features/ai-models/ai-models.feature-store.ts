/**
 * The feature store (docs/ai/models.md): the lead features lead scoring's encoder computes, each with
 * its source column, coverage and distinct values over the workspace's leads, how fresh the stored
 * predictions are, and one lead's feature vector as the live model encodes it.
 */
import type { FeatureDefinition, FeatureStore, FeatureVector } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { describeColumn, encode } from "../lead-scoring/index.ts";
import * as repo from "./ai-models.repository.ts";
import { toVersion } from "./ai-models.service.ts";

type Ctx = Pick<AppContext, "db" | "log">;
type FieldKey = keyof repo.FieldCounts["fields"] & string;

interface Definition {
  name: string;
  label: string;
  type: FeatureDefinition["type"];
  source: string;
  field: FieldKey;
  /** Which encoder columns come from it. */
  columns: (c: string) => boolean;
  raw: (l: NonNullable<Awaited<ReturnType<typeof repo.findLead>>>) => string | null;
}

const cat = (name: string, label: string, field: FieldKey, source: string): Definition => ({
  name,
  label,
  type: "category",
  source,
  field,
  columns: (c) => c.startsWith(`${name}=`),
  raw: (l) => (l[field as "seniority"] as string | null) ?? null,
});
const flag = (name: string, label: string, field: FieldKey, source: string): Definition => ({
  name,
  label,
  type: "flag",
  source,
  field,
  columns: (c) => c === name,
  raw: (l) => (l[field as "phone"] as string | null) ?? null,
});

const size = (l: { customFields: Record<string, unknown> | null }) => {
  const v = l.customFields?.employees ?? l.customFields?.company_size ?? l.customFields?.employee_count;
  return v === undefined || v === null || v === "" ? null : String(v);
};

export const DEFINITIONS: Definition[] = [
  cat("seniority", "Seniority", "seniority", "leads.seniority"),
  cat("department", "Department", "department", "leads.department"),
  cat("industry", "Industry", "industry", "leads.industry"),
  cat("country", "Country", "country", "leads.country"),
  cat("source", "Source", "source", "leads.source"),
  cat("emailStatus", "Email status", "emailStatus", "leads.email_status"),
  flag("has_phone", "Has a phone number", "phone", "leads.phone"),
  flag("has_website", "Has a website", "website", "leads.website"),
  flag("has_linkedin", "Has a LinkedIn profile", "linkedinUrl", "leads.linkedin_url"),
  flag("has_company", "Has a company name", "companyName", "leads.company_name"),
  {
    name: "enriched",
    label: "Has enriched fields",
    type: "flag",
    source: "leads.provenance (a field not typed by a person)",
    field: "enriched",
    columns: (c) => c === "enriched",
    raw: (l) => {
      const sources = Object.entries(l.provenance ?? {}).filter(([, p]) => p && p.source !== "manual");
      return sources.length ? sources.map(([k, p]) => `${k} (${p.source})`).join(", ") : null;
    },
  },
  {
    name: "title",
    label: "Title keywords",
    type: "keyword",
    source: "leads.role",
    field: "role",
    columns: (c) => c.startsWith("title:"),
    raw: (l) => l.role,
  },
  {
    name: "company_size",
    label: "Company size (log employees)",
    type: "numeric",
    source: "leads.custom_fields: employees, company_size or employee_count",
    field: "companySize",
    columns: (c) => c === "company_size" || c === "size_unknown",
    raw: (l) => size(l),
  },
];

export async function featureStore(ctx: Ctx, workspaceId: string): Promise<FeatureStore> {
  const model = await repo.liveModel(ctx.db, workspaceId, "lead_score");
  const [counts, fresh] = await Promise.all([
    repo.fieldCounts(ctx.db, workspaceId),
    repo.freshness(ctx.db, workspaceId, model?.id ?? null),
  ]);
  const columns = model?.features.columns ?? [];
  return {
    model: model ? toVersion(model) : null,
    features: DEFINITIONS.map((d) => {
      const c = counts.fields[d.field] ?? { withValue: 0, distinct: 0 };
      return {
        name: d.name,
        label: d.label,
        type: d.type,
        source: d.source,
        with_value: c.withValue,
        coverage: counts.leads ? Math.round((c.withValue / counts.leads) * 10_000) / 10_000 : null,
        distinct_values: c.distinct,
        model_columns: columns.filter(d.columns).length,
      };
    }),
    freshness: {
      leads: fresh.leads,
      scored: fresh.scored,
      changed_since_scoring: fresh.changed,
      unscored: fresh.leads - fresh.scored,
      oldest_score: fresh.oldest?.toISOString() ?? null,
      newest_score: fresh.newest?.toISOString() ?? null,
    },
  };
}

export async function featureVector(ctx: Ctx, workspaceId: string, idOrEmail: string): Promise<FeatureVector> {
  const lead = await repo.findLead(ctx.db, workspaceId, isUuid(idOrEmail) ? { id: idOrEmail } : { email: idOrEmail });
  if (!lead) throw new AppError("AI_MODELS_LEAD_NOT_FOUND");
  const [model, stored] = await Promise.all([
    repo.liveModel(ctx.db, workspaceId, "lead_score"),
    repo.storedPrediction(ctx.db, workspaceId, lead.id),
  ]);
  const encoded: FeatureVector["encoded"] = [];
  let probability: number | null = null;
  if (model) {
    const row = encode(model.features, lead);
    let z = 0;
    for (let k = 0; k < row.idx.length; k++) {
      const j = row.idx[k]!;
      const weight = model.weights[j] ?? 0;
      z += weight * row.val[k]!;
      const column = model.features.columns[j]!;
      encoded.push({
        column,
        label: describeColumn(column).label,
        value: Math.round(row.val[k]! * 10_000) / 10_000,
        weight,
        contribution: Math.round(weight * row.val[k]! * 10_000) / 10_000,
      });
    }
    probability = Math.round((1 / (1 + Math.exp(-z))) * 1e6) / 1e6;
  }
  const current = stored && model && stored.modelId === model.id ? stored : null;
  return {
    lead_id: lead.id,
    email: lead.email,
    name: [lead.firstName, lead.lastName].filter(Boolean).join(" ") || null,
    updated_at: lead.updatedAt.toISOString(),
    raw: DEFINITIONS.map((d) => ({ feature: d.name, label: d.label, value: d.raw(lead) })),
    encoded,
    model_version: model?.version ?? null,
    probability,
    stored_probability: current?.probability ?? null,
    scored_at: current?.scoredAt.toISOString() ?? null,
    stale: model ? !current || lead.updatedAt > current.scoredAt : false,
  };
}
