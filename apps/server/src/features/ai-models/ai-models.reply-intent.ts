/**
 * The reply-intent task in the registry. Its model is the built-in classifier of the reply-intent
 * feature (one built-in version, not trained per workspace); the registry shows it once that feature
 * exports its model information (test-corpus accuracy, live agreement with corrections).
 */
import type { RegistryEntry } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";

export async function builtinReplyIntent(_ctx: Pick<AppContext, "db">, _workspaceId: string): Promise<RegistryEntry> {
  return {
    task: "reply_intent",
    label: "Reply intent",
    trainable: false,
    metric: "Accuracy on the classifier's labelled test corpus; agreement with the team's corrections",
    live: null,
    versions: 0,
    builtin: null,
    empty_reason: "The built-in reply classifier reports no model information in this build yet (docs/ai/reply-intent.md)",
  };
}
