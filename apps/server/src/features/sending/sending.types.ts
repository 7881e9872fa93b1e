/** The sender's shapes, shared by the pass (sending.service.ts), delivery and the engine. */
import type { WaitReason } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { SecretBox } from "../../platform/crypto.ts";
import type { CampaignRow } from "../campaigns/index.ts";
import type { InboxRow } from "../inboxes/index.ts";
import type { HoldProbe } from "./holds.gate.ts";
import type { ComposedMessage } from "./sending.compose.ts";
import type { Transports } from "./sending.transports.ts";

export type { CampaignRow };

export interface Sender {
  ctx: Pick<AppContext, "db" | "config" | "realtime" | "log" | "hooks">;
  box: SecretBox;
  transports: Transports;
  /** The kill switch, read fresh before each handoff to SMTP (holds.gate.ts). */
  holds: HoldProbe;
  /** Messages handed to one inbox's pool at a time (HANDOFF_LANES; a benchmark may vary it). */
  handoffLanes?: number;
}

export interface PassResult {
  sent: number;
  failed: number;
  /** Why due leads were left waiting, when they were. */
  waiting: WaitReason | null;
}

export interface Planned {
  rowId: string;
  leadId: string;
  email: string;
  step: number;
  inbox: InboxRow;
  message: ComposedMessage;
}
