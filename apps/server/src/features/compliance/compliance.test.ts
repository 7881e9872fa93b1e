/**
 * Compliance end to end: the CAN-SPAM footer in a message that really went out over SMTP; a lead's
 * export holds their data; erasure leaves no trace of the address or the name in any text or JSON
 * column of any table (a search of the whole database) but keeps the suppression as a hash that the
 * sender still matches; retention removes exactly what is older than each rule; the audit export;
 * another workspace's lead and requests are 404.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { waitFor } from "../../../test/wait.ts";
import { runSendingPass } from "../sending/sending.service.ts";
import { type SmtpSink, sendingHelpers, startSmtpSink, tomorrowAt } from "../sending/sending.test-helpers.ts";
import { addToSuppressionList, suppressedAmong, suppressionHash } from "../suppression/index.ts";
import { searchDatabase as searchDatabaseIn } from "./compliance.test-helpers.ts";
import { retentionTick } from "./settings.service.ts";

let t: TestApp;
let sink: SmtpSink;
let owner: TestUser;
let stranger: TestUser;
const h = sendingHelpers(() => t);

const ADDRESS = "zelda.quux@subject-person.test";
const FIRST = "Zelda";
const LAST = "Quuxington";

type Row = Record<string, unknown>;
const rows = async (q: ReturnType<typeof sql>) => ((await t.database.db.execute(q)) as unknown as { rows: Row[] }).rows;

const searchDatabase = (needle: string) => searchDatabaseIn(t.database.db, needle);

async function done(user: TestUser, id: string) {
  return waitFor(
    async () => {
      const r = (await h.call(user, "GET", `/api/compliance/requests/${id}`)).json();
      return r.status === "completed" || r.status === "failed" ? r : null;
    },
    { what: `request ${id} to finish`, timeoutMs: 60_000, intervalMs: 100 },
  );
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ JOBS: "off", TRACKING_BASE_URL: "https://track.example.org", OUTBOUND_ALLOWLIST: "127.0.0.1" }, { work: true });
  owner = await createUser(t.database.db);
  stranger = await createUser(t.database.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let subjectId = "";

describe("the CAN-SPAM footer", () => {
  it("is saved per workspace and every campaign email carries it with the postal address", async () => {
    const put = await h.ok(owner, "PUT", "/api/compliance/footer", {
      postal_address: "Prospector Ltd, 1 Harbour Road, Bristol BS1 4RN, UK",
      footer_text: "You receive this because we think Acme could use our help.",
    });
    expect(put.postal_address).toContain("Harbour Road");
    expect((await h.ok(stranger, "GET", "/api/compliance/footer")).postal_address).toBe("");

    const inbox = await h.inbox(owner, sink.port);
    const lead = await h.ok(
      owner,
      "POST",
      "/api/leads/",
      { first_name: FIRST, last_name: LAST, email: ADDRESS, phone: "+44 117 496 0123", company_name: "Quux Ltd" },
      201,
    );
    subjectId = lead.id;
    const [other] = await h.leads(owner, 1);
    const c = await h.launched(owner, { inboxIds: [inbox.id], leadIds: [lead.id, other!.id] });
    // The launch asks the sender for an immediate pass (jobs run in this app); a pass of ours covers either order.
    await runSendingPass(h.engine(), c.id, tomorrowAt(12));
    await sink.waitFor(2);
    const got = sink.received.find((m) => m.to.includes(ADDRESS));
    expect(got, "the subject's email arrived").toBeDefined();
    expect(String(got!.mail.html)).toContain("1 Harbour Road, Bristol BS1 4RN, UK");
    expect(String(got!.mail.html)).toContain("could use our help");
    expect(String(got!.mail.text)).toMatch(/--\nYou receive this because.*\nProspector Ltd, 1 Harbour Road/);
  });
});

describe("data-subject export", () => {
  it("collects everything the workspace holds about the lead, as a job, downloadable once ready", async () => {
    // More of the person's data: a CRM customer, a manual suppression, a finished export of the leads.
    await h.ok(owner, "POST", "/api/crm/customers", { name: `${FIRST} ${LAST}`, email: ADDRESS, notes: `Met ${FIRST} at a fair` }, 201);
    await h.ok(owner, "POST", "/api/suppression", { emails: [ADDRESS], reason: "manual" });
    const exp = await h.ok(owner, "POST", "/api/user-settings/exports", { includePersonalData: true, format: "csv" }, 202);
    await waitFor(
      async () => {
        const r = (await h.call(owner, "GET", `/api/user-settings/exports/${exp.id}`)).json();
        return r.status === "completed" ? r : null;
      },
      { what: "the leads export", timeoutMs: 30_000 },
    );

    // What other features keep, written as they write it: the local mailbox, a one-off send, an AI
    // action, a classified reply, a CRM note, the activity feed, a bulk operation's undo snapshot, an agent's step.
    const ws = owner.workspaceId;
    const db = t.database.db;
    await db.execute(sql`insert into mail_messages (id, workspace_id, to_address, from_address, subject, text, html, kind)
      values (gen_random_uuid(), ${ws}, ${ADDRESS}, 'me@outbound.test', 'Hello', ${`Hi ${FIRST},`}, ${`<p>Hi ${FIRST} ${LAST}</p>`}, 'compose')`);
    await db.execute(sql`insert into compose_messages (id, workspace_id, from_address, to_address, to_name, subject)
      values (gen_random_uuid(), ${ws}, 'me@outbound.test', ${ADDRESS}, ${`${FIRST} ${LAST}`}, 'Quick question')`);
    await db.execute(sql`insert into ai_actions (id, workspace_id, kind, engine, model, input, output, outcome)
      values (gen_random_uuid(), ${ws}, 'email_generation', 'builtin', 'template', ${JSON.stringify({ lead_id: subjectId, name: `${FIRST} ${LAST}` })}::jsonb,
        ${JSON.stringify({ body: `Dear ${FIRST}, ...` })}::jsonb, 'succeeded')`);
    await db.execute(sql`insert into reply_intents (id, workspace_id, reply_ref, from_address, snippet, class, predicted_class, confidence, explanation, model_version, received_at, classified_at)
      values (gen_random_uuid(), ${ws}, 'ref-1', ${ADDRESS}, ${`Thanks, ${FIRST} here; call me`}, 'interested', 'interested', 0.9, '{}'::jsonb, 'v1', now(), now())`);
    await db.execute(sql`insert into crm_interactions (id, workspace_id, subject, type, notes)
      values (gen_random_uuid(), ${ws}, ${`Call with ${FIRST} ${LAST}`}, 'call', ${`Reach ${FIRST} on +44 117 496 0123`})`);
    await db.execute(sql`insert into workspace_activity (id, workspace_id, kind, summary, subject_type, subject_id)
      values (gen_random_uuid(), ${ws}, 'lead.replied', ${`${FIRST} ${LAST} replied`}, 'lead', ${subjectId})`);
    const [op] = await rows(sql`insert into bulk_operations (id, workspace_id, target_type, action, target, target_description)
      values (gen_random_uuid(), ${ws}, 'leads', 'tag', '{}'::jsonb, 'one lead') returning id`);
    await db.execute(sql`insert into bulk_operation_items (operation_id, seq, target_id, label, previous)
      values (${op!.id}, 1, ${subjectId}, ${`${FIRST} ${LAST}`}, ${JSON.stringify({ email: ADDRESS })}::jsonb)`);

    const res = await h.ok(owner, "POST", "/api/compliance/requests/export", { subject_type: "lead", lead_id: subjectId }, 202);
    expect(res).toMatchObject({ kind: "export", status: "queued", downloadable: false });
    expect(JSON.stringify(res)).not.toContain(ADDRESS);
    const finished = await done(owner, res.id);
    expect(finished).toMatchObject({ status: "completed", progress: 100, downloadable: true });
    expect(finished.counts.leads).toBe(1);
    expect(finished.counts.campaign_messages).toBeGreaterThanOrEqual(1);
    expect(finished.counts).toMatchObject({
      crm_customers: 1,
      mail_messages: 1,
      compose_messages: 1,
      ai_actions: 1,
      reply_intents: 1,
      bulk_operation_items: 1,
    });

    const dl = await h.call(owner, "GET", `/api/compliance/requests/${res.id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers["content-disposition"]).toMatch(/^attachment; filename="data-subject-export-/);
    const body = dl.json();
    expect(body.records.leads[0]).toMatchObject({ email: ADDRESS, first_name: FIRST, last_name: LAST });
    expect(body.records.campaign_messages[0]).toMatchObject({ lead_id: subjectId });
    expect(body.records.crm_customers[0]).toMatchObject({ email: ADDRESS });
    expect(body.suppression).toEqual({ suppressed: true, reason: "manual" });
    expect((await h.ok(owner, "GET", `/api/compliance/requests/${res.id}`)).downloaded_at).not.toBeNull();
  });

  it("exports a member's own records without secrets", async () => {
    const res = await h.ok(owner, "POST", "/api/compliance/requests/export", { subject_type: "user", user_id: owner.id }, 202);
    await done(owner, res.id);
    const body = (await h.call(owner, "GET", `/api/compliance/requests/${res.id}/download`)).json();
    expect(body.profile).toMatchObject({ id: owner.id, email: owner.email });
    expect(body.sessions.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(body)).not.toMatch(/"token"|key_hash/);
  });

  it("answers 404 for another workspace's lead or request, and 422 naming the field for bad input", async () => {
    const other = await h.call(stranger, "POST", "/api/compliance/requests/export", { subject_type: "lead", lead_id: subjectId });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe("COMPLIANCE_SUBJECT_NOT_FOUND");
    const mine = (await h.ok(owner, "GET", "/api/compliance/requests")).items[0];
    expect((await h.call(stranger, "GET", `/api/compliance/requests/${mine.id}`)).statusCode).toBe(404);
    expect((await h.call(stranger, "GET", `/api/compliance/requests/${mine.id}/download`)).statusCode).toBe(404);
    const bad = await h.call(owner, "POST", "/api/compliance/requests/erasure", { subject_type: "lead", email: "not-an-address" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(["email", "confirm_email"]));
  });
});

describe("erasure", () => {
  it("refuses without the address typed again", async () => {
    const res = await h.call(owner, "POST", "/api/compliance/requests/erasure", {
      subject_type: "lead",
      lead_id: subjectId,
      confirm_email: "someone.else@subject-person.test",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("COMPLIANCE_CONFIRMATION_MISMATCH");
  });

  it("removes the person's data from every table and file, keeping only the suppression hash", async () => {
    const before = [...(await searchDatabase(ADDRESS)), ...(await searchDatabase(LAST))];
    expect(before).toEqual(
      expect.arrayContaining([
        "public.leads.email",
        "public.crm_customers.email",
        "public.mail_messages.to_address",
        "public.compose_messages.to_name",
        "public.reply_intents.from_address",
        "public.crm_interactions.subject",
        "public.workspace_activity.summary",
        "public.bulk_operation_items.previous",
        "public.ai_actions.input",
      ]),
    );
    const exportsBefore = await rows(sql`select id from data_exports where workspace_id = ${owner.workspaceId} and status = 'completed'`);
    expect(exportsBefore).toHaveLength(1);

    const res = await h.ok(
      owner,
      "POST",
      "/api/compliance/requests/erasure",
      { subject_type: "lead", lead_id: subjectId, confirm_email: ADDRESS.toUpperCase() },
      202,
    );
    const finished = await done(owner, res.id);
    expect(finished.error).toBeNull();
    expect(finished).toMatchObject({ status: "completed", kind: "erasure", subject_hash: suppressionHash(owner.workspaceId, ADDRESS) });
    expect(finished.counts).toMatchObject({ leads: 1, crm_customers: 1, data_exports: 1 });

    // The search of the whole database: no text or JSON column anywhere holds the address or the name.
    expect(await searchDatabase(ADDRESS)).toEqual([]);
    expect(await searchDatabase(LAST)).toEqual([]);
    expect(await searchDatabase(FIRST)).toEqual([]);
    expect(await searchDatabase(`${FIRST} ${LAST}`)).toEqual([]);
    expect(await searchDatabase("496 0123")).toEqual([]);

    // The export that held them lost its files.
    const [exp] = await rows(sql`select status, main_file from data_exports where id = ${exportsBefore[0]!.id}`);
    expect(exp).toMatchObject({ status: "failed", main_file: null });
    expect(fs.existsSync(path.join(t.config.DATA_DIR, "exports", owner.workspaceId, String(exportsBefore[0]!.id)))).toBe(false);

    const supp = await rows(sql`select email, reason from suppressions where workspace_id = ${owner.workspaceId}`);
    expect(supp).toEqual([{ email: suppressionHash(owner.workspaceId, ADDRESS), reason: "manual" }]);
    expect(await suppressedAmong(t.database.db, owner.workspaceId, [ADDRESS])).toEqual(new Map([[ADDRESS, "manual"]]));
  });

  it("keeps the person off every list: adding the address to a campaign is refused", async () => {
    const again = await h.ok(owner, "POST", "/api/leads/", { first_name: "Z", email: ADDRESS }, 201);
    const inbox = await h.inbox(owner, sink.port);
    const c = await h.ok(
      owner,
      "POST",
      "/api/campaigns/",
      {
        name: "After erasure",
        subject_line: "Hi",
        body: "Hello <a href='{{unsubscribe_url}}'>unsubscribe</a>",
        inbox_ids: [inbox.id],
        schedule: h.ALWAYS,
      },
      201,
    );
    const add = await h.call(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: [again.id] });
    expect(JSON.stringify(add.json())).toMatch(/suppress/i);
  });

  it("a hashed entry stops the sender from emailing a lead already in a running campaign", async () => {
    const inbox = await h.inbox(owner, sink.port);
    const [a, b] = await h.leads(owner, 2);
    const c = await h.ok(
      owner,
      "POST",
      "/api/campaigns/",
      {
        name: "Hash check",
        subject_line: "Hi {{first_name}}",
        body: "Hello <a href='{{unsubscribe_url}}'>unsubscribe</a>",
        inbox_ids: [inbox.id],
        schedule: h.ALWAYS,
      },
      201,
    );
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/leads`, { lead_ids: [a!.id, b!.id] });
    // Erased after joining (the list refuses a suppressed address at the door): the sender checks again at send time.
    await addToSuppressionList(t.database.db, [
      { workspaceId: owner.workspaceId, email: suppressionHash(owner.workspaceId, a!.email), reason: "manual" },
    ]);
    await h.ok(owner, "POST", `/api/campaigns/${c.id}/launch`);
    await runSendingPass(h.engine(), c.id, tomorrowAt(12));
    await waitFor(() => sink.received.some((m) => m.to.includes(b!.email)), { what: "b's email" });
    await runSendingPass(h.engine(), c.id, tomorrowAt(13));
    expect(sink.received.some((m) => m.to.includes(a!.email))).toBe(false);
    const [state] = await rows(sql`select state from campaign_leads where campaign_id = ${c.id} and lead_id = ${a!.id}`);
    expect(state?.state).not.toBe("active");
  });
});

describe("retention", () => {
  it("removes exactly what is older than each rule, logs the counts, and leaves the rest", async () => {
    const ws = owner.workspaceId;
    const [old1, recent1] = await h.leads(owner, 2);
    await t.database.db.execute(
      sql`update leads set status = 'unsubscribed', updated_at = now() - interval '100 days' where id = ${old1!.id}`,
    );
    await t.database.db.execute(
      sql`update leads set status = 'unsubscribed', updated_at = now() - interval '80 days' where id = ${recent1!.id}`,
    );
    const msgs = await rows(sql`select id from campaign_messages where workspace_id = ${ws} and subject is not null order by id`);
    expect(msgs.length).toBeGreaterThanOrEqual(2);
    await t.database.db.execute(sql`update campaign_messages set created_at = now() - interval '31 days' where id = ${msgs[0]!.id}`);
    await t.database.db.execute(sql`update campaign_messages set created_at = now() - interval '29 days' where id = ${msgs[1]!.id}`);

    const saved = await h.ok(owner, "PUT", "/api/compliance/retention", {
      message_bodies_days: 30,
      replies_days: null,
      ai_actions_days: null,
      finished_exports_days: null,
      unsubscribed_leads_days: 90,
      security_events_days: null,
    });
    expect(saved.rules.unsubscribed_leads_days).toBe(90);
    expect(saved.data_retention_days).toBe(365);

    const run = await h.ok(owner, "POST", "/api/compliance/retention/run", undefined, 202);
    const finished = await waitFor(
      async () => {
        const r = await h.ok(owner, "GET", `/api/compliance/retention/runs/${run.id}`);
        return r.status === "completed" || r.status === "failed" ? r : null;
      },
      { what: "the retention run", timeoutMs: 30_000 },
    );
    expect(finished).toMatchObject({ status: "completed", trigger: "manual", counts: { message_bodies: 1, unsubscribed_leads: 1 } });
    const left = await rows(sql`select id from leads where id in (${old1!.id}, ${recent1!.id})`);
    expect(left.map((r) => r.id)).toEqual([recent1!.id]);
    const subj = await rows(sql`select id, subject from campaign_messages where id in (${msgs[0]!.id}, ${msgs[1]!.id})`);
    expect(subj.find((r) => r.id === msgs[0]!.id)?.subject).toBeNull();
    expect(subj.find((r) => r.id === msgs[1]!.id)?.subject).not.toBeNull();
    // A second run finds nothing more to do.
    const second = await h.ok(owner, "POST", "/api/compliance/retention/run", undefined, 202);
    const again = await waitFor(
      async () => {
        const r = await h.ok(owner, "GET", `/api/compliance/retention/runs/${second.id}`);
        return r.status === "completed" ? r : null;
      },
      { what: "the second run", timeoutMs: 30_000 },
    );
    expect(again.counts).toMatchObject({ message_bodies: 0, unsubscribed_leads: 0 });
    // The daily ticker queues a scheduled run once per day for a workspace with rules.
    expect(await retentionTick(t.app.ctx)).toBe(1);
    expect(await retentionTick(t.app.ctx)).toBe(0);
    const runs = await waitFor(
      async () => {
        const page = await h.ok(owner, "GET", "/api/compliance/retention/runs");
        return page.items.some((r: { trigger: string; status: string }) => r.trigger === "schedule" && r.status === "completed")
          ? page
          : null;
      },
      { what: "the scheduled run", timeoutMs: 30_000 },
    );
    expect(runs.items.length).toBe(3);
  });
});

describe("overview and audit export", () => {
  it("shows suppression by reason, with the erasure counted as such", async () => {
    const o = await h.ok(owner, "GET", "/api/compliance/overview");
    expect(o.suppression_by_reason).toEqual(expect.arrayContaining([{ reason: "erasure", count: 2 }]));
    expect(o.footer_configured).toBe(true);
    expect(o.campaigns.every((c: { has_unsubscribe_link: boolean }) => c.has_unsubscribe_link)).toBe(true);
    expect(o.total_leads).toBeGreaterThan(0);
  });

  it("streams the workspace's audit records over a range as CSV and JSON", async () => {
    await t.database.db.execute(sql`insert into incidents (id, workspace_id, kind, title, severity, status, created_by)
      values (gen_random_uuid(), ${owner.workspaceId}, 'account_takeover', 'Suspicious sign-ins', 'high', 'open', ${owner.id})`);
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const csv = await h.call(
      owner,
      "GET",
      `/api/compliance/audit-export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\n");
    expect(lines[0]).toBe("at,source,actor,action,detail");
    expect(lines.some((l) => l.includes("compliance_request") && l.includes("erasure of a lead (completed)"))).toBe(true);
    expect(lines.some((l) => l.includes("security_incident") && l.includes("Suspicious sign-ins"))).toBe(true);
    expect(csv.body).not.toContain(ADDRESS);
    const json = await h.call(
      owner,
      "GET",
      `/api/compliance/audit-export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=json`,
    );
    const list = JSON.parse(json.body);
    expect(list.length).toBe(lines.length - 1);
    const strangers = await h.call(
      stranger,
      "GET",
      `/api/compliance/audit-export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=json`,
    );
    expect(JSON.parse(strangers.body).some((r: { source: string }) => r.source === "compliance_request")).toBe(false);
    const backwards = await h.call(
      owner,
      "GET",
      `/api/compliance/audit-export?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`,
    );
    expect(backwards.statusCode).toBe(422);
  });
});
