/**
 * The automation and nurture tests' world: a test app without job workers (each test runs the
 * automation rounds itself), an owner and an outsider in another workspace, the campaigns test
 * helpers, one automation round, and a tracked event as the tracker writes it.
 */
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { createUser, type TestUser } from "../../../test/factories.ts";
import { campaignEvents } from "../campaigns/campaigns.table.ts";
import { helpers } from "../campaigns/campaigns.test-helpers.ts";
import { runAutomation } from "./automation.jobs.ts";

export interface AutomationWorld {
  t: TestApp;
  owner: TestUser;
  outsider: TestUser;
  h: ReturnType<typeof helpers>;
  /** One automation round over every event so far. */
  run: () => ReturnType<typeof runAutomation>;
  /** A tracked event of the lead in the owner's campaign (not a bot unless said). */
  event: (campaignId: string, leadId: string, type: "open" | "click" | "bounce" | "unsubscribe", isBot?: boolean) => Promise<unknown>;
}

/** Call inside a describe: the world is ready in the tests (beforeAll) and closed after them. */
export function automationWorld(): AutomationWorld {
  const w = {
    h: helpers(() => w.t),
    // Read every event now: UUIDv7 ids made in a burst may run a few ms ahead of the clock.
    run: () => runAutomation(w.t.app.ctx, { settleMs: -60_000 }),
    event: async (campaignId, leadId, type, isBot = false) => {
      await w.t.app.ctx.db.insert(campaignEvents).values({ workspaceId: w.owner.workspaceId, campaignId, leadId, type, isBot, step: 0 });
    },
  } as AutomationWorld;
  beforeAll(async () => {
    w.t = await createTestApp({ JOBS: "off" }, { work: false });
    w.owner = await createUser(w.t.app.ctx.db);
    w.outsider = await createUser(w.t.app.ctx.db);
  });
  afterAll(() => w.t.close());
  return w;
}
