/**
 * The workspace's activity feed: recording (inside a caller's transaction, or after the fact where
 * a failing write must never undo the event) and reading it newest first with an opaque cursor.
 */
import type { ActivityItem, ActivityPage } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import * as repo from "./workspaces.repository.ts";

export type ActivityEntry = Omit<repo.ActivityInsert, "workspaceId" | "actorId"> & { workspaceId: string; actorId?: string | null };

const asInsert = (e: ActivityEntry): repo.ActivityInsert => ({ ...e, actorId: e.actorId ?? null });

/**
 * Records activity with `ctx.db` or a transaction `tx` (pass the transaction to have the entry
 * exist exactly when the change does).
 */
export async function recordActivity(ctxOrTx: Pick<AppContext, "db"> | Db, ...entries: ActivityEntry[]): Promise<void> {
  const db = "select" in ctxOrTx ? ctxOrTx : ctxOrTx.db;
  await repo.insertActivity(db, entries.map(asInsert));
}

/** After an event has committed: a failing write is logged and never undoes the event. */
export async function recordActivitySafely(ctx: Pick<AppContext, "db" | "log">, ...entries: ActivityEntry[]): Promise<void> {
  try {
    await repo.insertActivity(ctx.db, entries.map(asInsert));
  } catch (err) {
    ctx.log.warn({ err, kinds: entries.map((e) => e.kind) }, "workspace activity not recorded");
  }
}

/** A timestamptz as PostgreSQL prints it ("2026-11-24 20:01:09.285123+00"). */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/**
 * Inside someone else's transaction, where a failing write must not undo their change: the entry
 * is written in a savepoint, and a failure rolls back only the savepoint and is logged.
 */
export async function recordActivityInSavepoint(ctx: Pick<AppContext, "log">, tx: Db, ...entries: ActivityEntry[]): Promise<void> {
  try {
    await transaction(tx, (sp) => repo.insertActivity(sp, entries.map(asInsert)));
  } catch (err) {
    ctx.log.warn({ err, kinds: entries.map((e) => e.kind) }, "workspace activity not recorded");
  }
}

const encodeCursor = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString("base64url");

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const raw = Buffer.from(cursor, "base64url").toString();
  const sep = raw.lastIndexOf("|");
  const createdAt = raw.slice(0, sep);
  const id = raw.slice(sep + 1);
  if (sep < 1 || !isUuid(id) || !PG_TIMESTAMP.test(createdAt)) throw new AppError("INVALID_CURSOR");
  return { createdAt, id };
}

export async function listActivity(
  ctx: Pick<AppContext, "db">,
  workspaceId: string,
  q: { kind?: string; actor_id?: string; since?: string; until?: string; cursor?: string; limit: number },
): Promise<ActivityPage> {
  const rows = await repo.listActivity(ctx.db, workspaceId, {
    kind: q.kind || undefined,
    actorId: q.actor_id,
    since: q.since ? new Date(q.since) : undefined,
    until: q.until ? new Date(q.until) : undefined,
    before: q.cursor ? decodeCursor(q.cursor) : undefined,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(
      ({ activity: a, actorName }): ActivityItem => ({
        id: a.id,
        kind: a.kind,
        actor: a.actorId ? { id: a.actorId, name: actorName ?? "Former member" } : null,
        subject_type: a.subjectType,
        subject_id: a.subjectId,
        summary: a.summary,
        detail: a.detail,
        created_at: a.createdAt.toISOString(),
      }),
    ),
    next_cursor: rows.length > q.limit && last ? encodeCursor(rows[q.limit - 1]!.at, last.activity.id) : null,
  };
}
