/**
 * The AI doctor over real data: a campaign with known bounce, complaint and invalid-address counts
 * gets the findings those numbers call for (with their n), its copy's spam words and missing
 * personalization, its audience mix against what replies in the workspace; a campaign without data
 * says so per area; each diagnosis is in the ledger with the rules that fired; with a model, a
 * validated summary; bad input, paging and isolation.
 */
import type { Diagnosis, DoctorCampaigns } from "@prospector/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { aiActions } from "../ai-ledger/index.ts";
import { startLlmTestServer } from "../ai-ledger/llm.test-server.ts";
import { campaignEvents, campaignMessages } from "../campaigns/index.ts";
import { call, seedSends } from "./experiments.test-helpers.ts";

async function campaign(t: TestApp, owner: TestUser, name: string, subject: string, body: string): Promise<string> {
  const res = await call(t, owner, "POST", "/api/campaigns/", {
    name,
    steps: [{ delay_days: 0, subject, body, variants: [] }],
    subject_line: subject,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const finding = (d: Diagnosis, rule: string) => d.areas.flatMap((a) => a.findings).find((f) => f.rule === rule);

describe("POST /api/ai/doctor", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let sick: string;
  let empty: string;

  beforeAll(async () => {
    t = await createTestApp({ JOBS: "off" }, { work: false });
    owner = await createUser(t.app.ctx.db);
    other = await createUser(t.app.ctx.db);
    sick = await campaign(
      t,
      owner,
      "Sick",
      "FREE MONEY!!! Act now",
      "Earn cash fast, 100% guaranteed, risk free! Click here {{unsubscribe_url}}",
    );
    empty = await campaign(
      t,
      owner,
      "Empty",
      "Quick question, {{first_name}}",
      "Hi {{first_name}}, saw {{company_name}} is hiring. {{unsubscribe_url}}",
    );
    const healthy = await campaign(t, owner, "Healthy", "Hello", "Hi {{first_name}} {{unsubscribe_url}}");
    // Sick: 200 retail leads in progress, 20 invalid addresses; 14 bounces (7 %), 1 complaint (0.5 %), 2 replies.
    await seedSends(t, owner, sick, [
      { sent: 180, replied: 2, member: true, lead: { industry: "Retail", emailStatus: "valid", firstName: "Pat" } },
      { sent: 20, replied: 0, member: true, lead: { industry: "retail ", emailStatus: "invalid", firstName: "Sam" } },
    ]);
    // The workspace's record: software replies 20 %, retail 2 %.
    await seedSends(t, owner, healthy, [
      { sent: 100, replied: 20, lead: { industry: "Software" } },
      { sent: 100, replied: 2, lead: { industry: "Retail" } },
    ]);
    const msgs = await t.app.ctx.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, sick)).limit(15);
    await t.app.ctx.db.insert(campaignEvents).values(
      msgs.map((m, i) => ({
        workspaceId: owner.workspaceId,
        campaignId: sick,
        leadId: m.leadId,
        messageId: m.id,
        type: i < 14 ? ("bounce" as const) : ("complaint" as const),
        step: 0,
        variant: 0,
      })),
    );
  }, 60_000);
  afterAll(() => t?.close());

  it("finds what the numbers call for, each with its evidence, fix and link", async () => {
    const res = await call(t, owner, "POST", "/api/ai/doctor", { campaign_id: sick });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<Diagnosis>();
    expect(d.areas.map((a) => a.area)).toEqual(["deliverability", "copy", "targeting", "timing"]);
    expect(finding(d, "deliverability.bounce_rate")).toMatchObject({ severity: "critical", link: "/leads" });
    expect(finding(d, "deliverability.bounce_rate")?.evidence).toContain("7% (14 of 200 sent)");
    expect(finding(d, "deliverability.complaint_rate")).toMatchObject({ severity: "critical" });
    expect(finding(d, "deliverability.unsubscribe_rate")).toMatchObject({ severity: "ok" });
    expect(finding(d, "deliverability.no_inbox")).toMatchObject({ severity: "critical", link: `/campaigns/${sick}/edit` });
    expect(finding(d, "copy.spam_words")?.severity).toMatch(/critical|warning/);
    expect(finding(d, "copy.personalization")).toMatchObject({ severity: "warning" });
    expect(finding(d, "targeting.invalid_emails")).toMatchObject({ severity: "critical" });
    expect(finding(d, "targeting.invalid_emails")?.evidence).toBe("10% of 200 leads are marked invalid");
    const mix = finding(d, "targeting.mix.industry");
    expect(mix).toMatchObject({ severity: "warning" });
    expect(mix?.evidence).toContain("best here: software at 20% (20 of 100)");
    expect(finding(d, "timing.daily_limit")).toMatchObject({ severity: "critical", title: "No sending capacity" });
    // Worst first within each area.
    const order = { critical: 0, warning: 1, info: 2, ok: 3 };
    for (const a of d.areas) {
      const ranks = a.findings.map((f) => order[f.severity]);
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    }
    expect(d.summary).toBeNull();
    expect(d.llm_configured).toBe(false);
  });

  it("records each diagnosis in the ledger with the rules that fired", async () => {
    const d = (await call(t, owner, "POST", "/api/ai/doctor", { campaign_id: sick, summary: true })).json<Diagnosis>();
    expect(d.summary_note).toMatch(/No language model/);
    const [row] = await t.app.ctx.db.select().from(aiActions).where(eq(aiActions.id, d.action_id));
    expect(row).toMatchObject({ kind: "campaign_diagnosis", engine: "builtin", subjectId: sick, workspaceId: owner.workspaceId });
    const rules = row?.explanation?.rules?.map((r) => r.id) ?? [];
    expect(rules).toContain("deliverability.bounce_rate");
    expect(rules).toContain("targeting.invalid_emails");
    expect(rules).not.toContain("deliverability.unsubscribe_rate");
  });

  it("says per area when a campaign has too little data", async () => {
    const d = (await call(t, owner, "POST", "/api/ai/doctor", { campaign_id: empty })).json<Diagnosis>();
    const area = (name: string) => d.areas.find((a) => a.area === name);
    expect(area("deliverability")).toMatchObject({ enough_data: false });
    expect(area("deliverability")?.note).toContain("has sent 0");
    expect(area("targeting")).toMatchObject({ enough_data: false, findings: [] });
    expect(area("targeting")?.note).toMatch(/no leads/);
    expect(area("copy")?.enough_data).toBe(true);
    expect(finding(d, "copy.personalization")).toBeUndefined();
  });

  it("refuses bad input and other workspaces' campaigns; pages the campaign picker", async () => {
    const bad = await call(t, owner, "POST", "/api/ai/doctor", { campaign_id: "nope" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toContain("campaign_id");
    expect((await call(t, other, "POST", "/api/ai/doctor", { campaign_id: sick })).statusCode).toBe(404);
    const first = (await call(t, owner, "GET", "/api/ai/doctor/campaigns?limit=2")).json<DoctorCampaigns>();
    expect(first.campaigns).toHaveLength(2);
    const second = (await call(t, owner, "GET", `/api/ai/doctor/campaigns?limit=2&cursor=${first.next_cursor}`)).json<DoctorCampaigns>();
    expect(second.campaigns.map((c) => c.name)).toEqual(["Sick"]);
    expect(second.next_cursor).toBeNull();
    expect((await call(t, owner, "GET", "/api/ai/doctor/campaigns?cursor=zzz")).statusCode).toBe(422);
    expect((await call(t, other, "GET", "/api/ai/doctor/campaigns")).json<DoctorCampaigns>().campaigns).toEqual([]);
    const mine = await t.app.ctx.db
      .select()
      .from(aiActions)
      .where(and(eq(aiActions.workspaceId, other.workspaceId)));
    expect(mine).toEqual([]);
  });
});

describe("the doctor's summary with a model", () => {
  it("adds the model's validated summary and records the call; a malformed answer is not shown", async () => {
    let answer = '{"summary": "Bounces are the main problem: verify addresses first."}';
    const llm = await startLlmTestServer(() => answer);
    const t = await createTestApp({ JOBS: "off", LLM_BASE_URL: llm.url }, { work: false });
    try {
      const owner = await createUser(t.app.ctx.db);
      const id = await campaign(t, owner, "Modelled", "Hi", "Hello there {{unsubscribe_url}}");
      const d = (await call(t, owner, "POST", "/api/ai/doctor", { campaign_id: id, summary: true })).json<Diagnosis>();
      expect(d.summary).toBe("Bounces are the main problem: verify addresses first.");
      expect(d.llm_configured).toBe(true);
      const [row] = await t.app.ctx.db
        .select()
        .from(aiActions)
        .where(eq(aiActions.id, d.summary_action_id as string));
      expect(row).toMatchObject({ kind: "campaign_diagnosis", engine: "llm", subjectId: id });
      expect(llm.requests.at(-1)?.body.messages?.[1]?.content).toContain("no personalization");
      answer = "Sure! Here is a summary.";
      const bad = (await call(t, owner, "POST", "/api/ai/doctor", { campaign_id: id, summary: true })).json<Diagnosis>();
      expect(bad.summary).toBeNull();
      expect(bad.summary_note).toMatch(/not the expected JSON/);
      // Not asked: no model call.
      const before = llm.requests.length;
      await call(t, owner, "POST", "/api/ai/doctor", { campaign_id: id });
      expect(llm.requests.length).toBe(before);
    } finally {
      await t.close();
      await llm.close();
    }
  });
});
