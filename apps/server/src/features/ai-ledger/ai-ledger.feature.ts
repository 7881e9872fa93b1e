import type { Feature } from "../../platform/feature.ts";
import { aiLedgerRoutes } from "./ai-ledger.routes.ts";

/** The AI gateway (language-model calls with timeouts, retries, costs and the monthly cap) and the ledger of every AI action. */
export const aiLedgerFeature: Feature = {
  name: "ai-ledger",
  routes: aiLedgerRoutes,
};
