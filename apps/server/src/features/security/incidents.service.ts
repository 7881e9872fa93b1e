/**
 * Incidents' rules (docs/security-incidents.md): create by hand or from an alert (the alert's
 * title, severity and evidence come from the server's record, never the client), the status
 * lifecycle (forward freely, back only with a reason), severity, assignment (notified) and
 * comments, each written to the timeline with its actor in the same transaction.
 */
import {
  type Incident,
  type IncidentCreate,
  type IncidentDetail,
  type IncidentPage,
  type IncidentStatus,
  type IncidentUpdate,
  isReopening,
} from "@prospector/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { type Db, transaction } from "../../db/client.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import { createNotification } from "../notifications/index.ts";
import { findAlertById, setAlertIncident } from "./detection.repository.ts";
import * as repo from "./incidents.repository.ts";

type Ctx = Pick<AppContext, "db" | "realtime" | "log">;
type ListQuery = z.output<typeof import("@prospector/contracts").IncidentListQuery>;
type CreateInput = z.output<typeof import("@prospector/contracts").IncidentCreate>;
type UpdateInput = z.output<typeof import("@prospector/contracts").IncidentUpdate>;

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? "Former member" } : null);

export function toIncident(r: repo.IncidentWithPeople): Incident {
  const i = r.incident;
  return {
    id: i.id,
    kind: i.kind,
    title: i.title,
    description: i.description,
    severity: i.severity,
    status: i.status,
    assignee: person(i.assigneeId, r.assigneeName),
    source_alert_id: i.sourceAlertId,
    created_by: person(i.createdBy, r.creatorName),
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    resolved_at: i.resolvedAt?.toISOString() ?? null,
  };
}

function decode(cursor: string | undefined): repo.Keyset | null {
  if (!cursor) return null;
  const [at, id] = decodeKeyset(cursor) ?? [];
  const createdAt = new Date(typeof at === "string" ? at : "");
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw badCursor();
  return { createdAt, id };
}

export async function listIncidents(ctx: Ctx, auth: AuthContext, q: ListQuery): Promise<IncidentPage> {
  const rows = await repo.listIncidents(
    ctx.db,
    auth.workspaceId,
    { status: q.status, severity: q.severity, kind: q.kind, assigneeId: q.assignee_id },
    q.limit + 1,
    decode(q.cursor),
  );
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toIncident),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.incident.createdAt.toISOString(), last.incident.id) : null,
  };
}

export async function getIncident(ctx: Pick<AppContext, "db">, auth: AuthContext, id: string): Promise<IncidentDetail> {
  const found = isUuid(id) ? await repo.findIncident(ctx.db, auth.workspaceId, id) : null;
  if (!found) throw new AppError("INCIDENT_NOT_FOUND");
  const events = await repo.listEvents(ctx.db, auth.workspaceId, id);
  return {
    ...toIncident(found),
    timeline: events.map(({ event, actorName }) => ({
      id: event.id,
      type: event.type as IncidentDetail["timeline"][number]["type"],
      actor: person(event.actorId, actorName),
      detail: event.detail,
      created_at: event.createdAt.toISOString(),
    })),
  };
}

async function requireAssignee(db: Db, workspaceId: string, userId: string): Promise<repo.MemberRow> {
  const member = await repo.findMember(db, workspaceId, userId);
  if (member?.status !== "active" || !member.isActive) throw new AppError("INCIDENT_ASSIGNEE_NOT_MEMBER");
  return member;
}

/** The alert's evidence in a few lines: counts and values as the rule wrote them, long lists summarised. */
export function evidenceSummary(alert: { rule: string; subject: string; occurrences: number; evidence: Record<string, unknown> }): string {
  const lines = [`Opened from the ${alert.rule} alert on ${alert.subject} (${alert.occurrences} occurrence(s)).`];
  for (const [key, value] of Object.entries(alert.evidence)) {
    let shown: string;
    if (Array.isArray(value)) shown = `${value.length} item(s)`;
    else if (value && typeof value === "object") shown = JSON.stringify(value).slice(0, 200);
    else shown = String(value);
    lines.push(`${key}: ${shown}`);
  }
  return lines.join("\n").slice(0, 5000);
}

async function notifyAssignee(ctx: Ctx, auth: AuthContext, incident: { id: string; title: string }, assigneeId: string) {
  if (assigneeId === auth.userId) return;
  try {
    await createNotification(ctx, {
      workspaceId: auth.workspaceId,
      userId: assigneeId,
      type: "warning",
      title: "Incident assigned to you",
      message: `${auth.name} assigned you "${incident.title}".`,
      link: `/incident-management?incident=${incident.id}`,
      data: { incident_id: incident.id },
    });
  } catch (err) {
    ctx.log.warn({ err, incidentId: incident.id }, "incident assignment not notified");
  }
}

export async function createIncident(ctx: Ctx, auth: AuthContext, input: CreateInput): Promise<IncidentDetail> {
  const id = await transaction(ctx.db, async (tx) => {
    let fields: Pick<repo.NewIncident, "kind" | "title" | "description" | "severity" | "sourceAlertId">;
    if (input.alert_id) {
      const alert = await findAlertById(tx, auth.workspaceId, input.alert_id);
      if (!alert) throw new AppError("INCIDENT_ALERT_NOT_FOUND");
      if (alert.incidentId) throw new AppError("INCIDENT_ALERT_ALREADY_LINKED");
      const severity = alert.severity as repo.IncidentRow["severity"];
      fields = {
        kind: "security",
        title: alert.title,
        severity: ["low", "medium", "high", "critical"].includes(severity) ? severity : "medium",
        description: [evidenceSummary(alert), input.description].filter(Boolean).join("\n\n"),
        sourceAlertId: alert.id,
      };
    } else {
      fields = {
        kind: input.kind,
        title: input.title ?? "",
        severity: input.severity ?? "medium",
        description: input.description ?? "",
        sourceAlertId: null,
      };
    }
    if (input.assignee_id) await requireAssignee(tx, auth.workspaceId, input.assignee_id);
    const row = await repo.insertIncident(tx, {
      ...fields,
      workspaceId: auth.workspaceId,
      assigneeId: input.assignee_id ?? null,
      createdBy: auth.userId,
    });
    const base = { workspaceId: auth.workspaceId, incidentId: row.id, actorId: auth.userId };
    await repo.insertEvents(
      tx,
      { ...base, type: "created", detail: { kind: row.kind, severity: row.severity, title: row.title } },
      ...(fields.sourceAlertId ? [{ ...base, type: "alert_linked", detail: { alert_id: fields.sourceAlertId } }] : []),
      ...(row.assigneeId ? [{ ...base, type: "assignment", detail: { from: null, to: row.assigneeId } }] : []),
    );
    if (fields.sourceAlertId) await setAlertIncident(tx, fields.sourceAlertId, row.id, auth.userId);
    return row.id;
  });
  const detail = await getIncident(ctx, auth, id);
  if (detail.assignee) await notifyAssignee(ctx, auth, detail, detail.assignee.id);
  return detail;
}

const RESOLVED: readonly IncidentStatus[] = ["resolved", "closed"];

export async function updateIncident(ctx: Ctx, auth: AuthContext, id: string, input: UpdateInput): Promise<IncidentDetail> {
  if (!isUuid(id)) throw new AppError("INCIDENT_NOT_FOUND");
  const assigned = await transaction(ctx.db, async (tx) => {
    const row = await repo.lockIncident(tx, auth.workspaceId, id);
    if (!row) throw new AppError("INCIDENT_NOT_FOUND");
    const patch: Parameters<typeof repo.updateIncident>[2] = {};
    const events: repo.NewIncidentEvent[] = [];
    const base = { workspaceId: auth.workspaceId, incidentId: id, actorId: auth.userId };
    const reopening = input.status !== undefined && input.status !== row.status && isReopening(row.status, input.status);
    if (row.status === "closed" && !reopening) throw new AppError("INCIDENT_CLOSED");
    if (input.status !== undefined && input.status !== row.status) {
      if (reopening && !input.reason) throw new AppError("INCIDENT_REOPEN_REASON_REQUIRED");
      patch.status = input.status;
      if (RESOLVED.includes(input.status) && !row.resolvedAt) patch.resolvedAt = new Date();
      if (!RESOLVED.includes(input.status)) patch.resolvedAt = null;
      events.push({
        ...base,
        type: "status",
        detail: { from: row.status, to: input.status, reopened: reopening, ...(input.reason ? { reason: input.reason } : {}) },
      });
    }
    if (input.severity !== undefined && input.severity !== row.severity) {
      patch.severity = input.severity;
      events.push({ ...base, type: "severity", detail: { from: row.severity, to: input.severity } });
    }
    let newAssignee: string | null = null;
    if (input.assignee_id !== undefined && input.assignee_id !== row.assigneeId) {
      if (input.assignee_id) await requireAssignee(tx, auth.workspaceId, input.assignee_id);
      patch.assigneeId = input.assignee_id;
      newAssignee = input.assignee_id;
      events.push({ ...base, type: "assignment", detail: { from: row.assigneeId, to: input.assignee_id } });
    }
    if (events.length === 0) return null;
    await repo.updateIncident(tx, id, patch);
    await repo.insertEvents(tx, ...events);
    return newAssignee;
  });
  const detail = await getIncident(ctx, auth, id);
  if (assigned) await notifyAssignee(ctx, auth, detail, assigned);
  return detail;
}

export async function addComment(ctx: Ctx, auth: AuthContext, id: string, body: string): Promise<IncidentDetail> {
  if (!isUuid(id)) throw new AppError("INCIDENT_NOT_FOUND");
  await transaction(ctx.db, async (tx) => {
    const row = await repo.lockIncident(tx, auth.workspaceId, id);
    if (!row) throw new AppError("INCIDENT_NOT_FOUND");
    await repo.insertEvents(tx, { workspaceId: auth.workspaceId, incidentId: id, actorId: auth.userId, type: "comment", detail: { body } });
    await repo.updateIncident(tx, id, {});
  });
  return getIncident(ctx, auth, id);
}

export type { IncidentCreate, IncidentUpdate };
