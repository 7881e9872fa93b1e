/**
 * The one-time setup token that the first sign-up of a fresh instance must carry, so a stranger
 * who reaches the server before its operator cannot claim it. SETUP_TOKEN sets it in advance
 * (automated installs, tests); otherwise a random one is created on first start and kept in the
 * database (every API process sees the same one) until the first account exists.
 */
import crypto from "node:crypto";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import * as repo from "./identity.repository.ts";

type SetupCtx = Pick<AppContext, "config" | "db">;

const IDENTIFIER = "instance-setup-token";
/** Stored rows outlive any restart; the token goes as soon as the first account exists. */
const NEVER = new Date("9999-12-31T00:00:00Z");

function sameToken(a: string, b: string): boolean {
  const ha = crypto.createHash("sha256").update(a).digest();
  const hb = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

/** True until the instance has its first (admin) account. */
export async function setupPending(ctx: SetupCtx): Promise<boolean> {
  return !(await repo.hasInstanceAdmin(ctx.db));
}

/** The token to print, created on first call; null once the instance is set up. */
export async function currentSetupToken(ctx: SetupCtx): Promise<string | null> {
  if (!(await setupPending(ctx))) return null;
  if (ctx.config.SETUP_TOKEN) return ctx.config.SETUP_TOKEN;
  const existing = await repo.oldestVerificationValue(ctx.db, IDENTIFIER);
  if (existing) return existing;
  await repo.insertVerification(ctx.db, {
    id: newId(),
    identifier: IDENTIFIER,
    value: crypto.randomBytes(24).toString("base64url"),
    expiresAt: NEVER,
  });
  // Two processes starting together may both insert: all of them use the oldest row.
  return repo.oldestVerificationValue(ctx.db, IDENTIFIER);
}

/** Refuses a first sign-up without the right token. */
export async function verifySetupToken(ctx: SetupCtx, token: string | undefined): Promise<void> {
  if (!token) throw new AppError("SETUP_TOKEN_REQUIRED");
  const expected = ctx.config.SETUP_TOKEN ?? (await repo.oldestVerificationValue(ctx.db, IDENTIFIER));
  if (!expected || !sameToken(token, expected)) throw new AppError("SETUP_TOKEN_INVALID");
}

/** The first account exists: the token must not be usable or printed again. */
export async function consumeSetupToken(ctx: SetupCtx): Promise<void> {
  await repo.deleteVerifications(ctx.db, IDENTIFIER);
}
