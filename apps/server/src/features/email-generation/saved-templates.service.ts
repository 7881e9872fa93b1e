/** Saved email templates (docs/ai/activity.md): a subject and body with lead {{variables}}, saved from the LLM console. */
import type { SavedEmailTemplate, SavedEmailTemplateInput, SavedEmailTemplatePage } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { isUuid } from "../../platform/ids.ts";
import { badCursor, decodeKeyset, encodeKeyset } from "../../platform/keyset-cursor.ts";
import * as repo from "./email-generation.repository.ts";
import { assertKnownVariables } from "./llm-console.service.ts";
import { variablesIn } from "./prompt-variables.ts";

type Ctx = Pick<AppContext, "db">;

const toTemplate = (r: repo.TemplateRow): SavedEmailTemplate => ({
  id: r.id,
  name: r.name,
  subject: r.subject,
  body: r.body,
  variables: variablesIn(`${r.subject}\n${r.body}`),
  created_by: r.createdBy ? { id: r.createdBy, name: r.creatorName ?? "Former member" } : null,
  created_at: r.createdAt.toISOString(),
});

function decode(cursor: string | undefined): repo.Keyset | null {
  if (!cursor) return null;
  const [at, id] = decodeKeyset(cursor) ?? [];
  const createdAt = new Date(typeof at === "string" ? at : "");
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw badCursor();
  return { createdAt, id };
}

export async function listSavedTemplates(
  ctx: Ctx,
  workspaceId: string,
  q: { limit: number; cursor?: string },
): Promise<SavedEmailTemplatePage> {
  const rows = await repo.listTemplates(ctx.db, workspaceId, q.limit + 1, decode(q.cursor));
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toTemplate),
    next_cursor: rows.length > q.limit && last ? encodeKeyset(last.createdAt.toISOString(), last.id) : null,
  };
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e?.cause?.code ?? e?.code) === "23505";
};

export async function saveTemplate(ctx: Ctx, auth: AuthContext, input: SavedEmailTemplateInput): Promise<SavedEmailTemplate> {
  assertKnownVariables([
    { field: "subject", text: input.subject },
    { field: "body", text: input.body },
  ]);
  if (await repo.templateNameTaken(ctx.db, auth.workspaceId, input.name)) throw new AppError("EMAIL_TEMPLATE_NAME_TAKEN");
  let id: string;
  try {
    id = await repo.insertTemplate(ctx.db, { workspaceId: auth.workspaceId, ...input, createdBy: auth.userId });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("EMAIL_TEMPLATE_NAME_TAKEN");
    throw err;
  }
  return toTemplate((await repo.findTemplate(ctx.db, auth.workspaceId, id))!);
}

export async function deleteSavedTemplate(ctx: Ctx, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await repo.deleteTemplate(ctx.db, workspaceId, id))) throw new AppError("EMAIL_TEMPLATE_NOT_FOUND");
}
