/**
 * Secrets of two-factor authentication at rest: the TOTP secret is encrypted (AES-256-GCM, key
 * derived from the auth secret), recovery codes are kept as keyed hashes and shown only once.
 */
import crypto from "node:crypto";

const KEY_INFO = "prospector/two-factor-secret/v1";
const VERSION = "v1";
/** No 0/O, 1/I/L: recovery codes get typed from paper. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export interface TwoFactorCrypto {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** A new recovery code like `K7QWM-2XD9R-TBP4Z` (about 74 bits). */
  newRecoveryCode(): string;
  /** Keyed hash of a code as typed: case, spaces and dashes do not matter. */
  hashRecoveryCode(code: string): string;
}

export function createTwoFactorCrypto(authSecret: string): TwoFactorCrypto {
  const key = Buffer.from(crypto.hkdfSync("sha256", authSecret, "", KEY_INFO, 32));
  const hashKey = Buffer.from(crypto.hkdfSync("sha256", authSecret, "", `${KEY_INFO}/recovery`, 32));

  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    decrypt(stored) {
      const [version, data] = stored.split(":");
      if (version !== VERSION || !data) throw new Error("unknown two-factor secret format");
      const raw = Buffer.from(data, "base64url");
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
    newRecoveryCode() {
      const chars = Array.from({ length: 15 }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]);
      return [0, 5, 10].map((i) => chars.slice(i, i + 5).join("")).join("-");
    },
    hashRecoveryCode(code) {
      const normal = code.toUpperCase().replace(/[\s-]/g, "");
      return crypto.createHmac("sha256", hashKey).update(normal).digest("base64url");
    },
  };
}
