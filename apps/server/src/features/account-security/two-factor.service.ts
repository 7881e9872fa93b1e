/**
 * Two-factor authentication with an authenticator app (TOTP, RFC 6238) and one-time recovery
 * codes: setup with a QR code, confirmation with a first code, turning it off, new recovery
 * codes, and the second step of signing in. Implemented with otplib rather than better-auth's
 * twoFactor plugin: the plugin rotates the session when 2FA changes and keeps the pending sign-in
 * in a signed cookie, which a bearer-token SPA and our /api/auth adapters do not carry.
 */
import crypto from "node:crypto";
import {
  type LoginResponse,
  type LoginTwoFactorRequest,
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  TWO_FACTOR_CHALLENGE_SECONDS,
  type TwoFactorDisabled,
  type TwoFactorEnabled,
  type TwoFactorSetup,
} from "@prospector/contracts";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { loadAuthSecret } from "../../platform/secrets.ts";
import { authInternals, clearLockout, findUser, reportSignInAttempt, sessionResponse } from "../identity/index.ts";
import * as repo from "./account-security.repository.ts";
import { revokeOthers } from "./account-security.service.ts";
import { assertNotLocked, confirmPassword, countFailure, requireSession } from "./password-confirmation.ts";
import { createTwoFactorCrypto, type TwoFactorCrypto } from "./two-factor.crypto.ts";

export const TOTP_ISSUER = "Prospector";
/** Pending sign-ins live in better-auth's verification table, stored hashed like reset tokens. */
const CHALLENGE_PREFIX = "two-factor-login:";
/** One step either side: authenticator apps and servers are rarely more than 30 s apart. */
const EPOCH_TOLERANCE_SECONDS = 30;

declare module "../../context.ts" {
  interface AppContext {
    /** Encrypts two-factor secrets and hashes recovery codes with keys derived from the auth secret. */
    twoFactorSecrets: TwoFactorCrypto;
  }
}

/** Derives the two-factor keys once per process (account security's register). */
export function startTwoFactor(ctx: AppContext): void {
  ctx.twoFactorSecrets = createTwoFactorCrypto(loadAuthSecret(ctx.config));
}

export interface SignInClient {
  ip: string | null;
  userAgent: string | null;
}

/** The time step of a valid, not yet used code; null otherwise. */
async function acceptedStep(secret: string, code: string, lastUsedStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(lastUsedStep !== null ? { afterTimeStep: lastUsedStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

function newRecoveryCodes(secrets: TwoFactorCrypto): { codes: string[]; hashes: string[] } {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(secrets.newRecoveryCode());
  const list = [...codes];
  return { codes: list, hashes: list.map((c) => secrets.hashRecoveryCode(c)) };
}

async function enabledCredential(ctx: AppContext, userId: string) {
  const credential = await repo.credential(ctx.db, userId);
  return credential?.enabledAt ? credential : null;
}

export async function disableTwoFactor(ctx: AppContext, auth: AuthContext, password: string): Promise<TwoFactorDisabled> {
  requireSession(auth);
  await confirmPassword(ctx, auth.userId, password);
  const credential = await repo.credential(ctx.db, auth.userId);
  if (!credential) throw new AppError("TWO_FACTOR_NOT_ENABLED");
  await repo.disable(ctx.db, auth.userId);
  const wasEnabled = credential.enabledAt !== null;
  const revoked = wasEnabled ? await revokeOthers(ctx, auth) : 0;
  return {
    status: "disabled",
    message: wasEnabled ? "Two-factor authentication is off. Other devices have been signed out." : "The two-factor setup was cancelled.",
    other_sessions_revoked: revoked,
  };
}

/**
 * After a right password (the "identity.signingIn" hook): accounts with two-factor get a challenge
 * instead of a session.
 */
export async function signInGate(ctx: AppContext, signIn: { userId: string; token: string }): Promise<void> {
  const { userId, token } = signIn;
  if (!(await enabledCredential(ctx, userId))) return;
  const actx = await authInternals(ctx);
  await actx.internalAdapter.deleteSession(token);
  const challenge = crypto.randomBytes(32).toString("base64url");
  await actx.internalAdapter.createVerificationValue({
    identifier: `${CHALLENGE_PREFIX}${challenge}`,
    value: userId,
    expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000),
  });
  throw new AppError("TWO_FACTOR_REQUIRED", "Enter the 6-digit code from your authenticator app, or a recovery code.", {
    two_factor_token: challenge,
    expires_in: TWO_FACTOR_CHALLENGE_SECONDS,
  });
}

export async function startTwoFactorSetup(ctx: AppContext, auth: AuthContext, password: string): Promise<TwoFactorSetup> {
  requireSession(auth);
  await confirmPassword(ctx, auth.userId, password);
  if (await enabledCredential(ctx, auth.userId)) throw new AppError("TOTP_ALREADY_ENABLED");
  const secret = generateSecret();
  if (!(await repo.savePendingSecret(ctx.db, auth.userId, ctx.twoFactorSecrets.encrypt(secret)))) {
    throw new AppError("TOTP_ALREADY_ENABLED");
  }
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: auth.email, secret });
  const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: "M", margin: 2, width: 240 });
  return { status: "pending", otpauth_uri: otpauthUri, qr_code: qrCode, secret };
}

export async function confirmTwoFactorSetup(ctx: AppContext, auth: AuthContext, code: string): Promise<TwoFactorEnabled> {
  requireSession(auth);
  const credential = await repo.credential(ctx.db, auth.userId);
  if (credential?.enabledAt) throw new AppError("TOTP_ALREADY_ENABLED");
  if (!credential) throw new AppError("TWO_FACTOR_SETUP_NOT_STARTED");
  const step = await acceptedStep(ctx.twoFactorSecrets.decrypt(credential.secretEncrypted), code, credential.lastUsedStep);
  if (step === null) throw new AppError("INVALID_TOTP_CODE");
  const { codes, hashes } = newRecoveryCodes(ctx.twoFactorSecrets);
  // A concurrent confirmation got there first.
  if (!(await repo.enable(ctx.db, auth.userId, step, hashes))) throw new AppError("TOTP_ALREADY_ENABLED");
  const revoked = await revokeOthers(ctx, auth);
  return {
    status: "enabled",
    message: "Two-factor authentication is on. Keep these recovery codes somewhere safe: each works once.",
    recovery_codes: codes,
    other_sessions_revoked: revoked,
  };
}

export async function regenerateRecoveryCodes(ctx: AppContext, auth: AuthContext, password: string): Promise<RecoveryCodes> {
  requireSession(auth);
  await confirmPassword(ctx, auth.userId, password);
  if (!(await enabledCredential(ctx, auth.userId))) throw new AppError("TWO_FACTOR_NOT_ENABLED");
  const { codes, hashes } = newRecoveryCodes(ctx.twoFactorSecrets);
  await repo.replaceRecoveryCodes(ctx.db, auth.userId, hashes);
  return { recovery_codes: codes };
}

/** The second sign-in step: a code or a recovery code for the challenge from POST /login. */
export async function completeSignIn(ctx: AppContext, body: LoginTwoFactorRequest, client: SignInClient): Promise<LoginResponse> {
  const actx = await authInternals(ctx);
  const identifier = `${CHALLENGE_PREFIX}${body.two_factor_token}`;
  const challenge = await actx.internalAdapter.findVerificationValue(identifier);
  if (!challenge || challenge.expiresAt.getTime() <= Date.now()) throw new AppError("TWO_FACTOR_CHALLENGE_EXPIRED");
  const userId = challenge.value;
  const user = await findUser(ctx, userId);
  if (!user?.isActive) throw new AppError("ACCOUNT_INACTIVE");
  await assertNotLocked(ctx, userId);
  // Two-factor was turned off since the password step: that sign-in must start over.
  const credential = await enabledCredential(ctx, userId);
  if (!credential) throw new AppError("TWO_FACTOR_CHALLENGE_EXPIRED");

  let accepted: boolean;
  if (body.code !== undefined) {
    const step = await acceptedStep(ctx.twoFactorSecrets.decrypt(credential.secretEncrypted), body.code, credential.lastUsedStep);
    accepted = step !== null && (await repo.useStep(ctx.db, userId, step));
  } else {
    accepted = await repo.useRecoveryCode(ctx.db, userId, ctx.twoFactorSecrets.hashRecoveryCode(body.recovery_code ?? ""));
  }
  const attempt = (outcome: "success" | "two_factor_failed") =>
    reportSignInAttempt(ctx, { outcome, email: user.email, userId, ip: client.ip, userAgent: client.userAgent, method: "two_factor" });
  if (!accepted) {
    await attempt("two_factor_failed");
    try {
      await countFailure(ctx, userId);
    } catch (locked) {
      // Locked: whoever holds this challenge must start again with the password after the wait.
      await actx.internalAdapter.deleteVerificationByIdentifier(identifier);
      throw locked;
    }
    throw new AppError(body.code !== undefined ? "INVALID_TOTP_CODE" : "INVALID_RECOVERY_CODE");
  }
  // Single use, even when two requests race with the same challenge.
  if (!(await actx.internalAdapter.consumeVerificationValue(identifier))) throw new AppError("TWO_FACTOR_CHALLENGE_EXPIRED");

  await clearLockout(ctx, userId);
  const session = await actx.internalAdapter.createSession(userId, false, {
    ipAddress: client.ip ?? "",
    userAgent: client.userAgent ?? "",
  });
  await attempt("success");
  return sessionResponse(ctx, session.token);
}
