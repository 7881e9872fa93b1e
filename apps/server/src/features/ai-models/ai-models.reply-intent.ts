/**
 * The reply-intent task in the registry: the reply-intent feature's built-in classifier (one shipped
 * version, not trained per workspace), its accuracy on its own labelled evaluation corpus, and how
 * often the team's corrections agree with it on this workspace's replies.
 */
import type { RegistryEntry } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { replyIntentModelInfo } from "../reply-intent/index.ts";
import * as repo from "./ai-models.repository.ts";

export async function builtinReplyIntent(ctx: Pick<AppContext, "db">, workspaceId: string): Promise<RegistryEntry> {
  const info = replyIntentModelInfo();
  const live = await repo.replyIntentCounts(ctx.db, workspaceId);
  return {
    task: "reply_intent",
    label: "Reply intent",
    trainable: false,
    metric: "Accuracy on the classifier's labelled evaluation corpus; agreement of the team's corrections with it",
    live: null,
    versions: 1,
    builtin: {
      version: info.version,
      accuracy: info.evaluation.accuracy,
      corpus_size: info.evaluation.size,
      agreement: live.corrected ? Math.round((live.agreed / live.corrected) * 10_000) / 10_000 : null,
      corrections: live.corrected,
      classified: live.classified,
    },
    empty_reason: null,
  };
}
