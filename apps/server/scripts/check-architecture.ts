/**
 * Prints the server's import-rule violations (test/architecture.ts), optionally only those of
 * files under one path: `npm run check:architecture -w apps/server -- features/leads`.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkArchitecture, formatViolations } from "../test/architecture.ts";

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");
const only = process.argv[2];
const violations = checkArchitecture(src).filter((v) => !only || v.file.startsWith(only) || v.detail.includes(only));
console.log(violations.length ? formatViolations(violations) : "no violations");
console.log(`\n${violations.length} violation(s)`);
process.exitCode = violations.length ? 1 : 0;
