/**
 * The local mailbox: instance administrators read every system email the instance produced, with
 * a plain flag for those that never left the machine (no SMTP configured).
 */
import type { MailboxList, MailDetail, MailStatus, MailSummary } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import * as repo from "./mailbox.repository.ts";

type Ctx = Pick<AppContext, "db" | "mailer">;

/** System mail carries reset links for every account: instance administrators only. */
function requireInstanceAdmin(auth: AuthContext): void {
  if (!auth.isInstanceAdmin) throw new AppError("INSTANCE_ADMIN_REQUIRED");
}

function toSummary(row: repo.MailRow): MailSummary {
  return {
    id: row.id,
    to: row.toAddress,
    from: row.fromAddress,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    delivered: row.status === "sent",
    error: row.error,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

export async function listMailbox(
  ctx: Ctx,
  auth: AuthContext,
  q: { page: number; per_page: number; status?: MailStatus; to?: string },
): Promise<MailboxList> {
  requireInstanceAdmin(auth);
  const { rows, total } = await repo.listMail(
    ctx.db,
    { status: q.status, to: q.to?.trim().toLowerCase() || undefined },
    { limit: q.per_page, offset: (q.page - 1) * q.per_page },
  );
  return { messages: rows.map(toSummary), total, page: q.page, per_page: q.per_page, smtp_configured: ctx.mailer.delivers };
}

export async function getMailMessage(ctx: Ctx, auth: AuthContext, id: string): Promise<MailDetail> {
  requireInstanceAdmin(auth);
  const row = isUuid(id) ? await repo.getMail(ctx.db, id) : null;
  if (!row) throw new AppError("MAIL_NOT_FOUND");
  return { ...toSummary(row), text: row.text, html: row.html, message_id: row.messageId };
}
