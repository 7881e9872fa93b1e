/**
 * The server's import rules, read from the source files themselves (ARCHITECTURE.md, "Layers"):
 *
 * - Foundation (config.ts, context.ts, db/, platform/) imports no feature. db/schema.ts is the one
 *   aggregator: it lists every feature's tables for migrations and imports nothing else.
 * - Features sit in LAYERS, lowest first. A feature imports only features of lower layers, and
 *   only through their entry file (features/<name>/index.ts). A table file may import a lower
 *   feature's table file directly (a foreign key; drizzle-kit loads table files on their own).
 * - Drizzle (the drizzle-orm package and query builder calls on db/tx) only in repositories,
 *   table files, db/ and platform/.
 * - No import circle, type-only imports included.
 * - The composition root (app.ts, main.ts, worker.ts, features.ts, runtime.ts) imports features
 *   only through their entry files (index.ts, or <name>.feature.ts for the Feature object).
 * - An entry file (index.ts) exposes services, types and tables, never a repository.
 * Test code (*.test.ts, *.test-helpers.ts, *.test-client.ts, *.test-server.ts, *.fixtures.ts) is
 * not product code: it may import anything, and product code may not import it.
 */
import fs from "node:fs";
import path from "node:path";

/** Features from the lowest layer up; features on one line are peers and may not import each other. */
export const LAYERS: readonly (readonly string[])[] = [
  ["identity"],
  ["organizations"],
  ["plans", "access"],
  ["api-keys", "notifications", "error-reports", "newsletter", "mailbox"],
  ["account-security", "user-settings"],
  ["billing", "ai-ledger"],
  ["leads", "web-crawler"],
  ["enrichment", "inboxes"],
  ["scraping"],
  ["campaigns"],
  ["suppression", "email-generation"],
  ["sending"],
  ["compose"],
  ["tracking"],
  ["replies"],
  ["crm", "reply-intent"],
  ["pipeline"],
  ["deliverability", "send-insights", "coaching", "bulk-operations"],
  ["data-exports", "team-socket", "health", "reputation", "automation", "decisions"],
  ["analytics", "lead-scoring"],
  ["reports", "recommendations", "ai-models"],
  ["ai-agents", "ai-insights"],
  ["workspaces"],
  ["security"],
  ["compliance"],
];

/** Exceptions, each with its reason: `from` file (relative to src) may import `to`. */
export const EXCEPTIONS: readonly { from: string; to: string; why: string }[] = [];

export interface Violation {
  rule:
    | "circle"
    | "surface-repository"
    | "upward"
    | "peer"
    | "surface"
    | "foundation"
    | "drizzle"
    | "test-code"
    | "unknown-feature"
    | "root";
  file: string;
  detail: string;
}

const TEST_FILE = /\.(test|test-helpers|test-client|test-server|fixtures)\.ts$|\.d\.ts$/;
const ROOT_FILES = new Set(["app.ts", "main.ts", "worker.ts", "features.ts", "runtime.ts"]);
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"'`;]*?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;
const DRIZZLE_CALL =
  /\b(?:db|tx|trx|ctx\.db|deps\.db|database\.db)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|transaction|query)\s*[(.<]/;

interface SourceFile {
  rel: string;
  imports: { spec: string; target: string | null }[];
  text: string;
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith(".ts")) out.push(p);
    }
  };
  walk(root);
  return out.sort();
}

export function readSources(root: string): SourceFile[] {
  return listFiles(root).map((abs) => {
    const text = stripComments(fs.readFileSync(abs, "utf8"));
    const imports = [...text.matchAll(IMPORT)].map((m) => {
      const spec = (m[1] ?? m[2])!;
      const target = spec.startsWith(".")
        ? path
            .relative(root, path.resolve(path.dirname(abs), spec))
            .split(path.sep)
            .join("/")
        : null;
      return { spec, target };
    });
    return { rel: path.relative(root, abs).split(path.sep).join("/"), imports, text };
  });
}

type Unit = { kind: "foundation" } | { kind: "root" } | { kind: "feature"; name: string };

function unitOf(rel: string): Unit {
  const parts = rel.split("/");
  if (parts[0] === "features" && parts.length > 2) return { kind: "feature", name: parts[1]! };
  if (parts.length === 1 && ROOT_FILES.has(rel)) return { kind: "root" };
  return { kind: "foundation" };
}

const isEntry = (rel: string) => /^features\/[^/]+\/index\.ts$/.test(rel) || /^features\/[^/]+\/[^/]+\.feature\.ts$/.test(rel);
const isTable = (rel: string) => rel.endsWith(".table.ts");
const mayUseDrizzle = (rel: string) => /\.(repository|table)\.ts$/.test(rel) || rel.startsWith("db/") || rel.startsWith("platform/");

export function checkArchitecture(root: string, layers: readonly (readonly string[])[] = LAYERS, exceptions = EXCEPTIONS): Violation[] {
  const layerOf = new Map<string, number>();
  layers.forEach((names, i) => {
    for (const n of names) layerOf.set(n, i);
  });
  const files = readSources(root);
  const product = files.filter((f) => !TEST_FILE.test(f.rel));
  const violations: Violation[] = [];
  const allowed = (from: string, to: string) => exceptions.some((e) => e.from === from && e.to === to);

  for (const f of product) {
    const from = unitOf(f.rel);
    if (from.kind === "feature" && !layerOf.has(from.name)) {
      violations.push({ rule: "unknown-feature", file: f.rel, detail: `feature "${from.name}" has no layer in LAYERS` });
    }
    for (const imp of f.imports) {
      if (imp.target === null) {
        if (/^drizzle-orm(\/|$)/.test(imp.spec) && !mayUseDrizzle(f.rel)) {
          violations.push({ rule: "drizzle", file: f.rel, detail: `imports ${imp.spec} outside a repository` });
        }
        continue;
      }
      const to = imp.target;
      if (/^features\/[^/]+\/index\.ts$/.test(f.rel) && /\.repository(\.ts)?$/.test(to)) {
        violations.push({
          rule: "surface-repository",
          file: f.rel,
          detail: `the entry file exposes the repository ${to}: wrap what others need in a service function`,
        });
      }
      if (TEST_FILE.test(to)) {
        violations.push({ rule: "test-code", file: f.rel, detail: `imports test code ${to}` });
        continue;
      }
      if (allowed(f.rel, to)) continue;
      const target = unitOf(to);
      if (target.kind !== "feature") continue;
      if (from.kind === "foundation") {
        if (f.rel === "db/schema.ts" && isTable(to)) continue;
        violations.push({ rule: "foundation", file: f.rel, detail: `foundation imports feature file ${to}` });
        continue;
      }
      if (from.kind === "root") {
        if (!isEntry(to)) violations.push({ rule: "root", file: f.rel, detail: `imports ${to}, not a feature entry file` });
        continue;
      }
      if (target.name === from.name) continue;
      const a = layerOf.get(from.name);
      const b = layerOf.get(target.name);
      if (a === undefined || b === undefined) continue;
      if (b > a)
        violations.push({ rule: "upward", file: f.rel, detail: `${from.name} (layer ${a}) imports ${to} (${target.name}, layer ${b})` });
      else if (b === a) violations.push({ rule: "peer", file: f.rel, detail: `${from.name} imports its peer ${to} (both layer ${a})` });
      else if (!isEntry(to) && !(isTable(f.rel) && isTable(to))) {
        violations.push({ rule: "surface", file: f.rel, detail: `imports ${to}: go through features/${target.name}/index.ts` });
      }
    }
    if (!mayUseDrizzle(f.rel) && DRIZZLE_CALL.test(f.text)) {
      violations.push({
        rule: "drizzle",
        file: f.rel,
        detail: `calls the query builder outside a repository: ${f.text.match(DRIZZLE_CALL)![0]}`,
      });
    }
  }
  violations.push(...findCircles(product));
  return violations;
}

/** Strongly connected groups of more than one file (Tarjan), and files that import themselves. */
function findCircles(files: SourceFile[]): Violation[] {
  const known = new Set(files.map((f) => f.rel));
  const edges = new Map(
    files.map((f) => [f.rel, [...new Set(f.imports.map((i) => i.target).filter((t): t is string => t !== null && known.has(t)))]]),
  );
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: Violation[] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || edges.get(v)!.includes(v)) {
        out.push({ rule: "circle", file: group.sort()[0]!, detail: `import circle of ${group.length} files: ${group.join(", ")}` });
      }
    }
  };
  for (const f of files) if (!idx.has(f.rel)) visit(f.rel);
  return out;
}

export function formatViolations(violations: Violation[]): string {
  return violations.map((v) => `${v.rule.padEnd(15)} ${v.file}: ${v.detail}`).join("\n");
}
