/** Request and response shapes of reply intent: the built-in reply classifier and each reply's class with its reasons (docs/ai/reply-intent.md). */
import { z } from "zod";

/** Placeholder until the feature declares its shapes; removed when the first real one lands. */
export const ReplyIntentContractVersion = z.literal(1);
