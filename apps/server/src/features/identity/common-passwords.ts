/**
 * Refuses passwords from a list of the most common ones (ASVS 6.2.4): they are what an attacker
 * tries first, whatever the character rules say ("Password1" has upper, lower and a digit). The
 * list ships with the app (common-passwords.txt, read once), so the check works offline.
 *
 * The file was generated from @zxcvbn-ts/language-common 4.1.3 (`src/passwords.json`, ordered by
 * frequency): the first 10,000 distinct lowercased entries of 6+ characters, one per line.
 */
import fs from "node:fs";

export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most commonly used passwords, which attackers try first. Choose a less predictable one.";

let list: Set<string> | null = null;

function commonPasswords(): Set<string> {
  if (!list) {
    const text = fs.readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8");
    list = new Set(text.split("\n").filter((line) => line && !line.startsWith("#")));
  }
  return list;
}

/**
 * True for a listed password, compared without case, and for a listed word followed only by digits
 * and symbols ("Sunshine2024!"), the usual way people satisfy the character rules.
 */
export function isCommonPassword(password: string): boolean {
  const words = commonPasswords();
  const lower = password.toLowerCase();
  if (words.has(lower)) return true;
  const stem = lower.replace(/[^a-z]+$/, "");
  return stem.length >= 6 && stem !== lower && words.has(stem);
}
