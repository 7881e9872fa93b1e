/**
 * The sender's look at the kill switch right before each handoff to SMTP. A hold placed in this
 * process bumps the workspace's version before the POST answers (and other processes hear it on
 * the bus, HOLDS_CHANGED), so the next handoff reads the database again: a hold committed here is
 * always seen by the very next handoff. Between changes a read is reused for at most
 * HOLD_READ_MAX_AGE_MS, the bound for a process that missed the bus message. Many handoffs at once
 * share one read: while one is in flight, later callers wait for the next, which starts when it
 * ends (so each waits for a read that began after it asked). Measured in docs/sending.md.
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

/** Bus channel: a hold was placed or resumed in a workspace (`{workspaceId}`). */
export const HOLDS_CHANGED = "sending.holds.changed";
/** How long a read of the holds is reused while no change was announced. */
export const HOLD_READ_MAX_AGE_MS = 200;

export interface HoldProbe {
  /** The workspace's holds: read after the last announced change, and at most HOLD_READ_MAX_AGE_MS ago. */
  fresh(workspaceId: string): Promise<HeldSet>;
  /** A hold changed in this workspace: the next look reads the database. */
  bump(workspaceId: string): void;
  /** How many reads the probe made (for the overhead measurement). */
  reads(): number;
}

export function createHoldProbe(db: Tx, maxAgeMs = HOLD_READ_MAX_AGE_MS): HoldProbe {
  const state = new Map<string, { running: Promise<HeldSet> | null; next: Promise<HeldSet> | null }>();
  const versions = new Map<string, number>();
  const cache = new Map<string, { set: HeldSet; at: number; version: number }>();
  let reads = 0;
  const read = async (workspaceId: string) => {
    reads++;
    const at = performance.now();
    const version = versions.get(workspaceId) ?? 0;
    const set = await loadHeldSet(db, workspaceId);
    cache.set(workspaceId, { set, at, version });
    return set;
  };
  return {
    bump(workspaceId) {
      versions.set(workspaceId, (versions.get(workspaceId) ?? 0) + 1);
      cache.delete(workspaceId);
    },
    fresh(workspaceId) {
      const hit = cache.get(workspaceId);
      if (hit && hit.version === (versions.get(workspaceId) ?? 0) && performance.now() - hit.at <= maxAgeMs)
        return Promise.resolve(hit.set);
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
