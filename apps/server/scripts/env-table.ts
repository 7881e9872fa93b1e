/** Prints the README's configuration table from the zod config schema (`npm run docs:env`). */
import { describeConfig } from "../src/config.ts";

export function envTable(): string {
  const rows = describeConfig().map((v) => `| \`${v.name}\` | ${v.default ? `\`${v.default}\`` : "—"} | ${v.description} |`);
  return ["| Variable | Default | Meaning |", "|---|---|---|", ...rows].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(envTable());
