import type { Feature } from "../../platform/feature.ts";
import { aiLedgerRoutes } from "./ai-ledger.routes.ts";
import { aiFeedbackRoutes } from "./feedback.routes.ts";

/** The AI gateway (language-model calls with timeouts, retries, costs and the monthly cap), the ledger of every AI action, and feedback on them. */
export const aiLedgerFeature: Feature = {
  name: "ai-ledger",
  async routes(app, ctx) {
    await aiLedgerRoutes(app, ctx);
    await aiFeedbackRoutes(app, ctx);
  },
};
