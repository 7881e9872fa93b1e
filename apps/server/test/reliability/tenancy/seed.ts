/**
 * Workspace A's records for the cross-tenant sweep: one of every kind the API can create, each
 * carrying a marker string in its text fields, so an answer to workspace B that holds one is a leak.
 * Bodies are the contract's own valid sample (`sampleValid`) with the fields that matter set here.
 */

import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { App } from "../../../src/app.ts";
import type { Db } from "../../../src/db/client.ts";
import { performRun as performAgentRun } from "../../../src/features/ai-agents/ai-agents.run.ts";
import { runInsights } from "../../../src/features/analytics/intelligence.service.ts";
import { campaignMessages } from "../../../src/features/campaigns/index.ts";
import { processRequest } from "../../../src/features/compliance/requests.service.ts";
import { performRun as performRetentionRun } from "../../../src/features/compliance/settings.service.ts";
import { performBackup } from "../../../src/features/data-exports/backups.service.ts";
import { performExport } from "../../../src/features/data-exports/data-exports.service.ts";
import { runImport } from "../../../src/features/leads/leads.jobs.ts";
import { createNotification } from "../../../src/features/notifications/index.ts";
import { runGeneration } from "../../../src/features/recommendations/recommendations.service.ts";
import { recommendations } from "../../../src/features/recommendations/recommendations.table.ts";
import { replyIntents } from "../../../src/features/reply-intent/index.ts";
import { performRun as performDetectionRun } from "../../../src/features/security/detection.service.ts";
import { securityAlerts } from "../../../src/features/security/detection.table.ts";
import { addMember, type TestUser } from "../../factories.ts";
import { type Operation, sampleValid } from "../openapi.ts";

export interface Seeded {
  /** Marker strings written into A's records. */
  markers: string[];
  /** What A created, by kind, with the status the API answered (a refusal is reported, not hidden). */
  created: Record<string, number>;
  /** The API's answer to each creation it refused. */
  refused: Record<string, string>;
  /** A's profile picture file name (a capability URL) and its export file names, when there are any. */
  pictureFile?: string;
}

function csvUpload(csv: string) {
  const boundary = "----prospectortenancy";
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

export async function seedWorkspace(app: App, db: Db, ops: Operation[], owner: TestUser, tag: string): Promise<Seeded> {
  const markers: string[] = [];
  const created: Record<string, number> = {};
  const refused: Record<string, string> = {};
  let n = 0;
  const mark = (kind: string) => {
    const m = `${tag}-${kind}-${++n}-zq`;
    markers.push(m);
    return m;
  };
  const bodyOf = (path: string, seed: number) => {
    const op = ops.find((o) => o.method === "POST" && o.path === path);
    if (!op?.body) return {};
    return sampleValid(op.body.schema, seed) as Record<string, unknown>;
  };
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes; only `id` is read
  const post = async (kind: string, url: string, overrides: Record<string, unknown> | undefined = {}, sample = true): Promise<any> => {
    const payload = overrides === undefined ? undefined : { ...(sample ? bodyOf(url, 7) : {}), ...overrides };
    const res = await app.inject({ method: "POST", url, headers: owner.headers, ...(payload ? { payload } : {}) });
    created[kind] = res.statusCode;
    if (res.statusCode >= 300) refused[kind] = `${url}: ${res.body.slice(0, 300)}`;
    return res.statusCode < 300 ? res.json() : undefined;
  };
  const idOf = (x: unknown): string | undefined => {
    const o = x as Record<string, unknown> | undefined;
    return (o?.id ?? (o?.data as Record<string, unknown> | undefined)?.id ?? (o?.lead as { id?: string })?.id) as string | undefined;
  };

  const lead = idOf(
    await post(
      "lead",
      "/api/leads",
      {
        first_name: mark("lead"),
        last_name: mark("lead"),
        email: `${tag}-lead@example.com`,
        company_name: mark("lead"),
        notes: mark("lead"),
        tags: [mark("tag")],
      },
      false,
    ),
  );
  const lead2 = idOf(await post("lead2", "/api/leads", { first_name: mark("lead"), email: `${tag}-lead2@example.com` }, false));
  const campaign = idOf(
    await post(
      "campaign",
      "/api/campaigns",
      {
        name: mark("campaign"),
        subject_line: mark("subject"),
        body: `Hello {{first_name}} ${mark("body")}`,
        // An A/B test at step 1, so the experiment routes have something of A's to aim at.
        steps: [
          {
            subject: mark("subject"),
            body: `Hi {{first_name}} ${mark("body")}`,
            variants: [{ subject: mark("variant"), body: mark("variant") }],
          },
        ],
      },
      false,
    ),
  );
  if (campaign && lead) {
    const res = await app.inject({
      method: "POST",
      url: `/api/campaigns/${campaign}/leads`,
      headers: owner.headers,
      payload: { lead_ids: [lead, lead2] },
    });
    created["campaign lead"] = res.statusCode;
  }
  const campaign2 = idOf(await post("campaign2", "/api/campaigns", { name: mark("campaign"), subject_line: mark("subject") }, false));
  await post(
    "inbox",
    "/api/inboxes",
    {
      email: `${tag}-inbox@example.com`,
      from_name: mark("inbox"),
      smtp: { host: "127.0.0.1", port: 2525, secure: false, username: mark("smtpuser"), password: "smtp-secret-tenancy" },
    },
    false,
  );
  const customer = idOf(
    await post(
      "customer",
      "/api/crm/customers",
      { name: mark("customer"), email: `${tag}-cust@example.com`, notes: mark("customer"), lead_id: lead },
      false,
    ),
  );
  const stage = idOf(await post("stage", "/api/crm/stages", { name: mark("stage"), probability: 40 }, false));
  const deal = idOf(
    await post(
      "deal",
      "/api/crm/deals",
      { name: mark("deal"), value: 1234, description: mark("deal"), customer_id: customer, lead_id: lead, stage_id: stage },
      false,
    ),
  );
  await post("task", "/api/crm/tasks", { title: mark("task"), description: mark("task"), customer_id: customer, deal_id: deal }, false);
  await post(
    "interaction",
    "/api/crm/interactions",
    { subject: mark("interaction"), type: "note", notes: mark("interaction"), customer_id: customer, deal_id: deal },
    false,
  );
  await post(
    "automation rule",
    "/api/automation/rules",
    { name: mark("rule"), trigger: { type: "reply_received" }, actions: [{ type: "add_tag", tag: mark("ruletag") }] },
    false,
  );
  if (campaign2)
    await post(
      "nurture sequence",
      "/api/nurture/sequences",
      {
        name: mark("nurture"),
        campaign_id: campaign2,
        entry: { trigger: { type: "lead_tagged", tag: mark("nurturetag") } },
        exits: [{ type: "after_days", days: 3 }],
      },
      false,
    );
  const report = idOf(
    await post(
      "report",
      "/api/reports",
      {
        name: mark("report"),
        definition: { metrics: ["sent", "reply_rate"], dimensions: ["campaign"], period: { last_days: 7 }, chart: "bar" },
      },
      false,
    ),
  );
  if (report)
    await post(
      "report schedule",
      `/api/reports/${report}/schedules`,
      { frequency: "weekly", hour: 6, weekday: 1, recipients: [owner.email], timezone: "UTC" },
      false,
    );
  await post(
    "decision",
    "/api/decisions",
    { question: mark("decision"), context: mark("decision"), options: [{ label: mark("option") }, { label: mark("option") }] },
    false,
  );
  await post(
    "incident",
    "/api/incidents",
    { kind: "operations", title: mark("incident"), description: mark("incident"), severity: "low" },
    false,
  );
  await post(
    "api key",
    "/api/user-settings/api-keys",
    { name: mark("apikey"), description: mark("apikey"), permissions: ["leads:read"] },
    false,
  );
  await post("scheduled export", "/api/user-settings/scheduled-exports", {
    name: mark("schedexport"),
    schedule: "0 6 * * 1",
    timezone: "UTC",
  });
  await post("export", "/api/user-settings/exports", { includePersonalData: true, format: "json" }, false);
  await post("backup", "/api/user-settings/backups", {}, false);
  await post(
    "email template",
    "/api/ai/email-templates",
    { name: mark("template"), subject: mark("template"), body: mark("template") },
    false,
  );
  await post("team", "/api/v1/rbac/teams", { name: mark("team"), description: mark("team") }, false);
  await post(
    "policy",
    "/api/v1/rbac/policies",
    { name: mark("policy"), description: mark("policy"), effect: "deny", permissions: ["leads:delete"] },
    false,
  );
  await post("access token", "/api/v1/rbac/tokens", { name: mark("token"), scopes: ["leads:read"] });
  await post(
    "suppression",
    "/api/suppression",
    { emails: [`${tag}-suppressed@example.com`], reason: "manual", detail: mark("suppression") },
    false,
  );
  await post("scenario", "/api/analytics/optimization/scenarios", { name: mark("scenario") });
  await post("benchmark", "/api/analytics/intelligence/benchmarks", {
    segment: mark("benchmark"),
    source_name: mark("benchmark"),
    note: mark("benchmark"),
  });
  if (lead) await post("personalized image", "/api/content/images", { lead_id: lead, template: "banner" });
  await post("workspace invite", `/api/v1/workspaces/${owner.workspaceId}/invite`, {
    email: `${tag}-invitee@example.com`,
    roleId: "sales_rep",
  });
  await post("domain verification", `/api/v1/workspaces/${owner.workspaceId}/domain/verify`, { domain: `${tag}.example.com` });
  await post("scraping job", "/api/leads/scrape/website", { url: "http://127.0.0.1:9/" }, false);
  if (lead) await post("enrichment", `/api/leads/${lead}/enrich`);
  await post("bulk operation", "/api/bulk-operations/leads", { action: "add_tags", target: { ids: [lead2] }, tags: [mark("bulk")] }, false);
  await post("compliance request", "/api/compliance/requests/export", { subject_type: "lead", email: `${tag}-lead@example.com` }, false);
  if (lead) await post("agent run", "/api/ai/agents/research_lead/runs", { subject_id: lead }, false);
  await post("recommendation run", "/api/recommendations/runs", {});
  await post("insight run", "/api/analytics/intelligence/insights/recompute", {}, false);
  await post("detection run", "/api/security/detection/run", undefined, false);
  await post("retention run", "/api/compliance/retention/run", undefined, false);
  await post("deliverability refresh", "/api/deliverability/refresh", {}, false);
  await post("provider lookup", "/api/send-insights/providers/refresh", { force: true }, false);
  if (deal)
    await post(
      "decision link",
      "/api/decisions",
      { question: mark("decision"), options: [{ label: "a" }, { label: "b" }], links: [{ kind: "deal", id: deal }] },
      false,
    );
  if (campaign2)
    await post("sending hold", "/api/kill-switch/holds", { scope: "campaign", target_id: campaign2, reason: mark("hold") }, false);
  await post("error report", "/api/errors/report", { type: "unknown", message: mark("error"), severity: "low" }, false);
  await post("reply reclassification", "/api/ai/reply-intent/reclassify", undefined, false);
  // An access request needs a member without the permission.
  const rep = await addMember(db, owner, "viewer");
  const ar = await app.inject({
    method: "POST",
    url: "/api/v1/rbac/access-requests",
    headers: rep.headers,
    payload: { resource: "leads", action: "delete", reason: mark("accessreq") },
  });
  created["access request"] = ar.statusCode;
  if (ar.statusCode >= 300) refused["access request"] = ar.body.slice(0, 300);

  const imp = csvUpload(
    `email,first_name,company\n${tag}-imported@example.com,${mark("import")},${mark("import")}\nnot-an-email,${mark("import")},x\n`,
  );
  const importRes = await app.inject({
    method: "POST",
    url: "/api/leads/import",
    headers: { ...owner.headers, ...imp.headers },
    payload: imp.payload,
  });
  created["lead import"] = importRes.statusCode;

  const boundary = "----prospectortenancypic";
  const pic = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const picRes = await app.inject({
    method: "POST",
    url: "/api/user-settings/profile/picture",
    headers: { ...owner.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: pic,
  });
  created["profile picture"] = picRes.statusCode;
  const pictureUrl = picRes.statusCode === 200 ? (picRes.json().profile_picture_url as string | null) : null;
  await finishJobs(app, db, owner.workspaceId, refused);
  // What no route creates (the app makes them from events): written by the owning service or table.
  await createNotification(app.ctx, {
    workspaceId: owner.workspaceId,
    userId: owner.id,
    type: "info",
    title: mark("notification"),
    message: mark("notification"),
  });
  const now = new Date();
  if (campaign && lead) {
    // What sending and the reply poller write: one sent message of A's campaign and its classified reply.
    await db.insert(campaignMessages).values({
      workspaceId: owner.workspaceId,
      campaignId: campaign,
      leadId: lead,
      step: 0,
      status: "sent",
      messageId: `<${tag}@example.com>`,
      subject: mark("sent"),
      sentAt: now,
    });
    await db.insert(replyIntents).values({
      workspaceId: owner.workspaceId,
      replyRef: `<${tag}-reply@example.com>`,
      leadId: lead,
      campaignId: campaign,
      fromAddress: `${tag}-lead@example.com`,
      subject: mark("reply"),
      snippet: mark("reply"),
      class: "interested",
      predictedClass: "interested",
      confidence: 0.9,
      explanation: { summary: mark("reply") },
      modelVersion: "tenancy",
      receivedAt: now,
      classifiedAt: now,
    });
  }
  if (campaign) {
    // What the recommendations engine writes once a campaign has enough sends (none here yet).
    await db.insert(recommendations).values({
      id: randomUUID(),
      workspaceId: owner.workspaceId,
      kind: "send_window",
      key: `send_window:${campaign}`,
      title: mark("recommendation"),
      rationale: mark("recommendation"),
      target: { type: "campaign", campaign_id: campaign, campaign_name: mark("recommendation"), step: null },
      figures: [],
      source: "tenancy",
      expected: { replies_per_month: 1, low: 0, high: 2, basis: mark("recommendation") },
      action: { kind: "send_window", campaignId: campaign, days: 31, blockHours: 255 },
      permission: "campaigns:update",
      actionText: mark("recommendation"),
      generatedAt: now,
      expiresAt: new Date(now.getTime() + 7 * 86400_000),
    });
  }
  await db.insert(securityAlerts).values({
    workspaceId: owner.workspaceId,
    rule: "brute_force",
    severity: "high",
    subject: `user:${owner.id}`,
    title: mark("alert"),
    evidence: { note: mark("alert") },
    firstSeenAt: now,
    lastSeenAt: now,
  });
  return { markers, created, refused, pictureFile: pictureUrl?.split("/").pop() };
}

/**
 * The sweep's app does no background work (so nothing changes A's rows during it); the jobs A's
 * requests queued are run here, once, so A has real files behind its export, backup, compliance
 * export and import-errors downloads for B to aim at.
 */
async function finishJobs(app: App, db: Db, workspaceId: string, refused: Record<string, string>): Promise<void> {
  // Detection runs are instance-wide (no workspace_id): the one A requested is the only one.
  const ids = async (table: string) =>
    (
      (await db.execute(
        table === "security_detection_runs"
          ? sql`select id from security_detection_runs`
          : sql`select id from ${sql.identifier(table)} where workspace_id = ${workspaceId}`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);
  const ctx = app.ctx;
  const run = async (kind: string, table: string, fn: (id: string) => Promise<void>) => {
    for (const id of await ids(table)) {
      try {
        await fn(id);
      } catch (err) {
        refused[`${kind} job`] = String(err).slice(0, 300);
      }
    }
  };
  await run("export", "data_exports", (exportId) => performExport(ctx, { exportId }));
  await run("backup", "backups", (backupId) => performBackup(ctx, { backupId, workspaceId }));
  await run("compliance request", "compliance_requests", (requestId) => processRequest(ctx, { requestId, workspaceId }));
  await run("import", "lead_import_jobs", (jobId) => runImport(ctx, jobId));
  await run("retention run", "compliance_retention_runs", (runId) => performRetentionRun(ctx, { runId, workspaceId }));
  await run("detection run", "security_detection_runs", (runId) => performDetectionRun(ctx, runId));
  await run("recommendation run", "recommendation_runs", (runId) => runGeneration(ctx, workspaceId, runId).then(() => {}));
  await run("insight run", "analytics_insight_runs", (runId) => runInsights(ctx, runId));
  await run("agent run", "ai_agent_runs", (runId) => performAgentRun(ctx, runId));
}
