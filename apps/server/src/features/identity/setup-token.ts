/**
 * The one-time setup token that the first sign-up of a fresh instance must carry, so a stranger
 * who reaches the server before its operator cannot claim it. SETUP_TOKEN sets it in advance
 * (automated installs, tests); otherwise a random one is created on first start and kept in the
 * database (every API process sees the same one) until the first account exists.
 */
import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import { users, verifications } from "./identity.table.ts";

const IDENTIFIER = "instance-setup-token";
/** Stored rows outlive any restart; the token goes as soon as the first account exists. */
const NEVER = new Date("9999-12-31T00:00:00Z");

function sameToken(a: string, b: string): boolean {
  const ha = crypto.createHash("sha256").update(a).digest();
  const hb = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

export function createSetupToken(deps: { config: Config; db: Db }) {
  const { config, db } = deps;

  async function pending(): Promise<boolean> {
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.isInstanceAdmin, true)).limit(1);
    return !admin;
  }

  async function stored(): Promise<string | null> {
    const [row] = await db
      .select({ value: verifications.value })
      .from(verifications)
      .where(eq(verifications.identifier, IDENTIFIER))
      .orderBy(asc(verifications.createdAt), asc(verifications.id))
      .limit(1);
    return row?.value ?? null;
  }

  return {
    /** True until the instance has its first (admin) account. */
    pending,

    /** The token to print, created on first call; null once the instance is set up. */
    async current(): Promise<string | null> {
      if (!(await pending())) return null;
      if (config.SETUP_TOKEN) return config.SETUP_TOKEN;
      const existing = await stored();
      if (existing) return existing;
      await db.insert(verifications).values({
        id: newId(),
        identifier: IDENTIFIER,
        value: crypto.randomBytes(24).toString("base64url"),
        expiresAt: NEVER,
      });
      // Two processes starting together may both insert: all of them use the oldest row.
      return stored();
    },

    /** Refuses a first sign-up without the right token. */
    async verify(token: string | undefined): Promise<void> {
      if (!token) throw new AppError("SETUP_TOKEN_REQUIRED");
      const expected = config.SETUP_TOKEN ?? (await stored());
      if (!expected || !sameToken(token, expected)) throw new AppError("SETUP_TOKEN_INVALID");
    },

    /** The first account exists: the token must not be usable or printed again. */
    async consume(): Promise<void> {
      await db.delete(verifications).where(eq(verifications.identifier, IDENTIFIER));
    },
  };
}

export type SetupToken = ReturnType<typeof createSetupToken>;
