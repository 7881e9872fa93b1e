/** Queries of the AI ledger (docs/ai/activity.md). */
import type { Db } from "../../db/client.ts";
import { aiActions } from "./ai-ledger.table.ts";

export type NewAiAction = typeof aiActions.$inferInsert;

/** Writes one ledger row; returns its id. */
export async function insertAiAction(db: Db, row: NewAiAction): Promise<string> {
  const [out] = await db.insert(aiActions).values(row).returning({ id: aiActions.id });
  return out!.id;
}
