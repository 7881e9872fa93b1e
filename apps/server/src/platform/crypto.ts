/**
 * Secrets at rest and signed tokens: AES-256-GCM for inbox credentials (so a database dump alone
 * reveals no SMTP/IMAP password) and HMAC for tracking and unsubscribe links (so they can't be forged).
 * Both keys come from CREDENTIALS_KEY, or from the auth secret through HKDF with their own labels.
 */
import crypto from "node:crypto";
import type { Config } from "../config.ts";
import { loadAuthSecret } from "./secrets.ts";

export interface SecretBox {
  encrypt(plain: string): string;
  /** Throws when the value was not made with this key (changed key, tampered column). */
  decrypt(sealed: string): string;
  /** Short URL-safe HMAC of a message, for tokens in links. */
  sign(message: string): string;
  verify(message: string, signature: string): boolean;
}

/**
 * A bearer secret handed out once (API keys, access tokens, invitation links): 32 random bytes,
 * URL-safe, after an optional prefix that says what it is.
 */
export function newSecretToken(prefix = ""): string {
  return prefix + crypto.randomBytes(32).toString("base64url");
}

/** How such a secret is stored and looked up: its sha256 (hex), never the secret itself. */
export function hashSecretToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

const VERSION = "v1";

function masterKey(config: Config): Buffer {
  const k = config.CREDENTIALS_KEY;
  if (k) return /^[0-9a-fA-F]{64}$/.test(k) ? Buffer.from(k, "hex") : Buffer.from(k, "base64");
  // Derived, not the secret itself: the session-signing secret never doubles as an encryption key.
  return Buffer.from(crypto.hkdfSync("sha256", loadAuthSecret(config), "prospector-credentials", "master v1", 32));
}

export function createSecretBox(config: Config): SecretBox {
  const master = masterKey(config);
  // KeyObjects, not Buffers: Node prepares a Buffer key again on every call, which made signing a
  // tracking link five times slower (bench/send signs several links per message).
  const encKey = crypto.createSecretKey(Buffer.from(crypto.hkdfSync("sha256", master, "", "credentials aes-256-gcm v1", 32)));
  const macKey = crypto.createSecretKey(Buffer.from(crypto.hkdfSync("sha256", master, "", "tracking hmac v1", 32)));
  // 128 bits: far beyond guessing over HTTP, and keeps links short.
  const sign = (message: string) => crypto.createHmac("sha256", macKey).update(message).digest().subarray(0, 16).toString("base64url");
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", encKey, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), data.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    decrypt(sealed) {
      const [version, iv, data, tag] = sealed.split(".");
      if (version !== VERSION || !iv || data === undefined || !tag) throw new Error("not an encrypted credential");
      const decipher = crypto.createDecipheriv("aes-256-gcm", encKey, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    },
    sign,
    verify(message, signature) {
      const expected = Buffer.from(sign(message));
      const given = Buffer.from(signature);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
  };
}

const boxes = new WeakMap<Config, SecretBox>();
/** One box per app config (the HKDF derivations run once). */
export function secretBoxFor(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = createSecretBox(config);
    boxes.set(config, box);
  }
  return box;
}
