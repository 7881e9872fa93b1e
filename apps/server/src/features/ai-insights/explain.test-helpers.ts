/** Generated, seeded outcome data for the explainability tests: leads, campaign messages over two steps, replies and meetings. */
import type { TestApp } from "../../../test/create-test-app.ts";
import type { TestUser } from "../../../test/factories.ts";
import { seededRandom } from "../../platform/seeded-random.ts";
import { campaignEvents, campaignLeads, campaignMessages, campaigns } from "../campaigns/index.ts";
import { leads } from "../leads/index.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const SENIORITY = ["director", "manager", "entry", null] as const;
const INDUSTRY = ["software", "retail", "health", ""] as const;

/**
 * `n` leads, all sent step 1 (and about half step 2 three days later); replies more likely for
 * directors, a phone number and a personalized subject; some replies come after step 2, some meetings
 * without a step, bots and auto-replies that must not count. Returns the lead ids.
 */
export async function seedOutcomes(t: TestApp, user: TestUser, n: number, seed: number, now = Date.now()): Promise<string[]> {
  const db = t.app.ctx.db;
  const rnd = seededRandom(seed);
  const [c] = await db
    .insert(campaigns)
    .values({
      workspaceId: user.workspaceId,
      name: `Outcomes ${seed}`,
      status: "completed",
      steps: [],
      schedule: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
    })
    .returning();
  const gen = Array.from({ length: n }, (_, i) => ({
    first: `Ann${seed}x${i}`,
    seniority: pick(rnd, SENIORITY),
    industry: pick(rnd, INDUSTRY),
    phone: rnd() < 0.4 ? "+1 555 0100" : null,
    source: rnd() < 0.5 ? "import" : "scraping",
    size: rnd() < 0.7 ? Math.floor(2 + rnd() * 3000) : null,
  }));
  const ids: string[] = [];
  for (let i = 0; i < n; i += 200) {
    const rows = await db
      .insert(leads)
      .values(
        gen.slice(i, i + 200).map((g, j) => ({
          workspaceId: user.workspaceId,
          email: `o${seed}-${i + j}@acme.test`,
          firstName: g.first,
          seniority: g.seniority,
          industry: g.industry,
          phone: g.phone,
          source: g.source,
          role: i + j < n / 5 ? "Founder" : "Engineer",
          customFields: g.size === null ? {} : { employees: g.size },
        })),
      )
      .returning({ id: leads.id });
    ids.push(...rows.map((r) => r.id));
  }
  await db
    .insert(campaignLeads)
    .values(ids.map((leadId) => ({ campaignId: c!.id, leadId, workspaceId: user.workspaceId, state: "completed" as const })));
  const messages: (typeof campaignMessages.$inferInsert)[] = [];
  const events: (typeof campaignEvents.$inferInsert)[] = [];
  ids.forEach((leadId, i) => {
    const g = gen[i]!;
    const personal = rnd() < 0.5;
    const first = new Date(now - (20 + Math.floor(rnd() * 30)) * DAY + Math.floor(rnd() * 24) * HOUR);
    const second = rnd() < 0.5 ? new Date(first.getTime() + 3 * DAY) : null;
    const subject = personal
      ? `Quick idea for ${g.first}`
      : rnd() < 0.5
        ? "Hello"
        : "A much longer subject line about our product for teams";
    messages.push({ workspaceId: user.workspaceId, campaignId: c!.id, leadId, step: 0, status: "sent", sentAt: first, subject });
    if (second)
      messages.push({
        workspaceId: user.workspaceId,
        campaignId: c!.id,
        leadId,
        step: 1,
        status: "sent",
        sentAt: second,
        subject: "Following up",
      });
    const z = -1.6 + (g.seniority === "director" ? 1.8 : 0) + (g.phone ? 1.2 : 0) + (personal ? 0.8 : 0) + (i < n / 5 ? 1.5 : 0);
    const base = { workspaceId: user.workspaceId, campaignId: c!.id, leadId };
    if (rnd() < 1 / (1 + Math.exp(-z))) {
      // Half the replies come after the second step when there is one (attributed to it).
      const at = second && rnd() < 0.5 ? new Date(second.getTime() + DAY) : new Date(first.getTime() + HOUR);
      events.push({ ...base, type: "reply", occurredAt: at });
      if (rnd() < 0.4) events.push({ ...base, type: "meeting", occurredAt: new Date(at.getTime() + 2 * DAY) });
    } else if (rnd() < 0.2) {
      events.push({ ...base, type: "reply", isBot: true, occurredAt: new Date(first.getTime() + HOUR) });
      events.push({ ...base, type: "auto_reply", occurredAt: new Date(first.getTime() + HOUR) });
    }
  });
  for (let i = 0; i < messages.length; i += 300) await db.insert(campaignMessages).values(messages.slice(i, i + 300));
  for (let i = 0; i < events.length; i += 300) await db.insert(campaignEvents).values(events.slice(i, i + 300));
  return ids;
}
