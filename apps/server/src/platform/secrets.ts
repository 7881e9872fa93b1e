/** The instance's auth secret: signs sessions and, through HKDF, keys the credential box (crypto.ts). */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";

/**
 * AUTH_SECRET when set; otherwise a random secret created on first start in DATA_DIR (readable by
 * this user only) and reused, so sessions survive restarts without any configuration.
 */
export function loadAuthSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.dataDir, "auth-secret");
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it or set AUTH_SECRET`);
  return secret;
}
