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
import type { AuthContext } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import type { SessionAuthenticator } from "../identity/identity.authenticator.ts";
import type { Identity } from "../identity/identity.routes.ts";
import type { SignInGate } from "../identity/identity.service.ts";
import type { AccountSecurityRepository } from "./account-security.repository.ts";
import { type PasswordConfirmation, requireSession } from "./password-confirmation.ts";
import type { TwoFactorCrypto } from "./two-factor.crypto.ts";

export const TOTP_ISSUER = "Prospector";
/** Pending sign-ins live in better-auth's verification table, stored hashed like reset tokens. */
const CHALLENGE_PREFIX = "two-factor-login:";
/** One step either side: authenticator apps and servers are rarely more than 30 s apart. */
const EPOCH_TOLERANCE_SECONDS = 30;

export interface TwoFactorServiceDeps {
  identity: Identity;
  repo: AccountSecurityRepository;
  authenticator: SessionAuthenticator;
  confirmation: PasswordConfirmation;
  secrets: TwoFactorCrypto;
  revokeOthers(auth: AuthContext): Promise<number>;
}

export interface SignInClient {
  ip: string | null;
  userAgent: string | null;
}

export function createTwoFactorService(deps: TwoFactorServiceDeps) {
  const { identity, repo, authenticator, confirmation, secrets, revokeOthers } = deps;

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

  async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
    const codes = new Set<string>();
    while (codes.size < RECOVERY_CODE_COUNT) codes.add(secrets.newRecoveryCode());
    const list = [...codes];
    return { codes: list, hashes: list.map((c) => secrets.hashRecoveryCode(c)) };
  }

  async function enabledCredential(userId: string) {
    const credential = await repo.credential(userId);
    return credential?.enabledAt ? credential : null;
  }

  async function disable(auth: AuthContext, password: string): Promise<TwoFactorDisabled> {
    requireSession(auth);
    await confirmation.confirm(auth.userId, password);
    const credential = await repo.credential(auth.userId);
    if (!credential) throw new AppError("TWO_FACTOR_NOT_ENABLED");
    await repo.disable(auth.userId);
    const wasEnabled = credential.enabledAt !== null;
    const revoked = wasEnabled ? await revokeOthers(auth) : 0;
    return {
      status: "disabled",
      message: wasEnabled ? "Two-factor authentication is off. Other devices have been signed out." : "The two-factor setup was cancelled.",
      other_sessions_revoked: revoked,
    };
  }

  /** After a right password: accounts with two-factor get a challenge instead of a session. */
  const signInGate: SignInGate = async ({ userId, token }) => {
    if (!(await enabledCredential(userId))) return;
    const actx = await identity.auth.$context;
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
  };

  return {
    signInGate,
    disable,

    async start(auth: AuthContext, password: string): Promise<TwoFactorSetup> {
      requireSession(auth);
      await confirmation.confirm(auth.userId, password);
      if (await enabledCredential(auth.userId)) throw new AppError("TOTP_ALREADY_ENABLED");
      const secret = generateSecret();
      if (!(await repo.savePendingSecret(auth.userId, secrets.encrypt(secret)))) throw new AppError("TOTP_ALREADY_ENABLED");
      const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: auth.email, secret });
      const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: "M", margin: 2, width: 240 });
      return { status: "pending", otpauth_uri: otpauthUri, qr_code: qrCode, secret };
    },

    async confirmSetup(auth: AuthContext, code: string): Promise<TwoFactorEnabled> {
      requireSession(auth);
      const credential = await repo.credential(auth.userId);
      if (credential?.enabledAt) throw new AppError("TOTP_ALREADY_ENABLED");
      if (!credential) throw new AppError("TWO_FACTOR_SETUP_NOT_STARTED");
      const step = await acceptedStep(secrets.decrypt(credential.secretEncrypted), code, credential.lastUsedStep);
      if (step === null) throw new AppError("INVALID_TOTP_CODE");
      const { codes, hashes } = await newRecoveryCodes();
      // A concurrent confirmation got there first.
      if (!(await repo.enable(auth.userId, step, hashes))) throw new AppError("TOTP_ALREADY_ENABLED");
      const revoked = await revokeOthers(auth);
      return {
        status: "enabled",
        message: "Two-factor authentication is on. Keep these recovery codes somewhere safe: each works once.",
        recovery_codes: codes,
        other_sessions_revoked: revoked,
      };
    },

    async regenerateRecoveryCodes(auth: AuthContext, password: string): Promise<RecoveryCodes> {
      requireSession(auth);
      await confirmation.confirm(auth.userId, password);
      if (!(await enabledCredential(auth.userId))) throw new AppError("TWO_FACTOR_NOT_ENABLED");
      const { codes, hashes } = await newRecoveryCodes();
      await repo.replaceRecoveryCodes(auth.userId, hashes);
      return { recovery_codes: codes };
    },

    /** The second sign-in step: a code or a recovery code for the challenge from POST /login. */
    async completeSignIn(body: LoginTwoFactorRequest, client: SignInClient): Promise<LoginResponse> {
      const actx = await identity.auth.$context;
      const identifier = `${CHALLENGE_PREFIX}${body.two_factor_token}`;
      const challenge = await actx.internalAdapter.findVerificationValue(identifier);
      if (!challenge || challenge.expiresAt.getTime() <= Date.now()) throw new AppError("TWO_FACTOR_CHALLENGE_EXPIRED");
      const userId = challenge.value;
      const user = await identity.repo.findUserById(userId);
      if (!user?.isActive) throw new AppError("ACCOUNT_INACTIVE");
      await confirmation.assertNotLocked(userId);
      // Two-factor was turned off since the password step: that sign-in must start over.
      const credential = await enabledCredential(userId);
      if (!credential) throw new AppError("TWO_FACTOR_CHALLENGE_EXPIRED");

      let accepted: boolean;
      if (body.code !== undefined) {
        const step = await acceptedStep(secrets.decrypt(credential.secretEncrypted), body.code, credential.lastUsedStep);
        accepted = step !== null && (await repo.useStep(userId, step));
      } else {
        accepted = await repo.useRecoveryCode(userId, secrets.hashRecoveryCode(body.recovery_code ?? ""));
      }
      if (!accepted) {
        try {
          await confirmation.countFailure(userId);
        } catch (locked) {
          // Locked: whoever holds this challenge must start again with the password after the wait.
          await actx.internalAdapter.deleteVerificationByIdentifier(identifier);
          throw locked;
        }
        throw new AppError(body.code !== undefined ? "INVALID_TOTP_CODE" : "INVALID_RECOVERY_CODE");
      }
      // Single use, even when two requests race with the same challenge.
      if (!(await actx.internalAdapter.consumeVerificationValue(identifier))) throw new AppError("TWO_FACTOR_CHALLENGE_EXPIRED");

      await identity.repo.clearLockout(userId);
      const session = await actx.internalAdapter.createSession(userId, false, {
        ipAddress: client.ip ?? "",
        userAgent: client.userAgent ?? "",
      });
      const ctx = await authenticator.resolveToken(session.token);
      if (!ctx) throw new Error("new session did not resolve to a workspace member");
      return { access_token: session.token, token_type: "bearer", user: await identity.service.me(ctx) };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
