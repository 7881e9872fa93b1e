/**
 * The sender's look at the kill switch right before each handoff to SMTP. Every caller gets an
 * answer read from the database AFTER it asked, so a hold committed before the handoff is always
 * seen, in any process (scale-out: the API that placed it may be another machine). Many handoffs at
 * once share one read: while a read is in flight, later callers wait for the next one, which
 * starts when it ends. So a batch of 500 costs a few indexed reads, not 500 (measured in
 * docs/sending.md, "Kill switch").
 */
import type { Db } from "../../db/client.ts";
import { activeHolds, type HoldRow } from "./holds.repository.ts";

type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

/** The holds that are on in one workspace, by what they stop. */
export interface HeldSet {
  workspace: HoldRow | null;
  inboxes: Map<string, HoldRow>;
  campaigns: Map<string, HoldRow>;
}

export function heldSet(rows: HoldRow[]): HeldSet {
  const set: HeldSet = { workspace: null, inboxes: new Map(), campaigns: new Map() };
  for (const r of rows) {
    if (r.scope === "workspace") set.workspace = r;
    else if (r.scope === "inbox") set.inboxes.set(r.targetId, r);
    else set.campaigns.set(r.targetId, r);
  }
  return set;
}

export async function loadHeldSet(db: Tx, workspaceId: string): Promise<HeldSet> {
  return heldSet(await activeHolds(db, workspaceId));
}

/** The hold that stops this campaign (the workspace's first, then the campaign's), or null. */
export function campaignHold(set: HeldSet, campaignId: string): HoldRow | null {
  return set.workspace ?? set.campaigns.get(campaignId) ?? null;
}

/** The hold that stops one message of this campaign from this inbox, or null. */
export function messageHold(set: HeldSet, campaignId: string, inboxId: string): HoldRow | null {
  return campaignHold(set, campaignId) ?? set.inboxes.get(inboxId) ?? null;
}

export interface HoldProbe {
  /** The workspace's holds as read after this call began. */
  fresh(workspaceId: string): Promise<HeldSet>;
  /** How many reads the probe made (for the overhead measurement). */
  reads(): number;
}

export function createHoldProbe(db: Tx): HoldProbe {
  const state = new Map<string, { running: Promise<HeldSet> | null; next: Promise<HeldSet> | null }>();
  let reads = 0;
  const read = (workspaceId: string) => {
    reads++;
    return loadHeldSet(db, workspaceId);
  };
  return {
    fresh(workspaceId) {
      let s = state.get(workspaceId);
      if (!s) {
        s = { running: null, next: null };
        state.set(workspaceId, s);
      }
      const slot = s;
      const start = (): Promise<HeldSet> => {
        const p = read(workspaceId).finally(() => {
          if (slot.running === p) slot.running = null;
          if (!slot.running && !slot.next) state.delete(workspaceId);
        });
        slot.running = p;
        return p;
      };
      if (!slot.running) return start();
      // A read is in flight but began before this call: wait for the one after it.
      if (!slot.next) {
        const after = slot.running.then(
          () => undefined,
          () => undefined,
        );
        slot.next = after.then(() => {
          slot.next = null;
          return start();
        });
      }
      return slot.next;
    },
    reads: () => reads,
  };
}
