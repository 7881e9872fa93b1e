/**
 * What each kind of export contains, from what exists today: personal data (profile, settings,
 * notifications, API key metadata), campaign data (leads, and campaigns once that table exists),
 * analytics (lead counts by day, source and status) and system logs (the access audit). Rows are
 * read in pages by id, so a large table never sits in memory whole.
 */
import type { ExportOptions } from "@prospector/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import type { UserSettingsService } from "../user-settings/user-settings.service.ts";

export type Row = Record<string, unknown>;

export interface Dataset {
  name: string;
  batches(): AsyncIterable<Row[]>;
}

export interface SectionDef {
  type: "personal_data" | "campaign_data" | "analytics_data" | "system_logs";
  option: "includePersonalData" | "includeCampaignData" | "includeAnalyticsData" | "includeSystemLogs";
  /** Permissions the caller needs for this section (checked before the export starts). */
  permissions(ctx: Pick<AppContext, "db">): Promise<string[]>;
  datasets(ctx: SectionCtx, auth: AuthContext, range: Range): Promise<Dataset[]>;
  estimate(ctx: SectionCtx, auth: AuthContext, range: Range): Promise<number>;
}

export interface Range {
  from: Date | null;
  to: Date | null;
}

type SectionCtx = Pick<AppContext, "db"> & { settings: UserSettingsService };

const PAGE = 2_000;
const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];
const q = (ident: string) => sql.raw(`"${ident.replaceAll('"', '""')}"`);

export async function tableExists(ctx: Pick<AppContext, "db">, table: string): Promise<boolean> {
  const [row] = rowsOf<{ t: string | null }>(await ctx.db.execute(sql`select to_regclass(${`public.${table}`})::text as t`));
  return Boolean(row?.t);
}

function rangeWhere(column: string, range: Range): SQL {
  const parts: SQL[] = [sql`true`];
  if (range.from) parts.push(sql`t.${q(column)} >= ${range.from.toISOString()}::timestamptz`);
  if (range.to) parts.push(sql`t.${q(column)} <= ${range.to.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** Pages through `table` by id with a filter; rows as PostgreSQL's JSON of the row. */
function tableDataset(ctx: SectionCtx, name: string, table: string, where: SQL, omit: string[] = []): Dataset {
  return {
    name,
    async *batches() {
      let after = "00000000-0000-0000-0000-000000000000";
      for (;;) {
        const page = rowsOf<{ id: string; r: Row | string }>(
          await ctx.db.execute(
            sql`select t.id::text as id, row_to_json(t) as r from ${q(table)} t where ${where} and t.id > ${after}::uuid order by t.id limit ${PAGE}`,
          ),
        );
        if (page.length === 0) return;
        yield page.map((p) => {
          const r = typeof p.r === "string" ? (JSON.parse(p.r) as Row) : p.r;
          for (const k of omit) delete r[k];
          return r;
        });
        after = (page.at(-1) as { id: string }).id;
        if (page.length < PAGE) return;
      }
    },
  };
}

const once = (name: string, load: () => Promise<Row[]>): Dataset => ({
  name,
  async *batches() {
    yield await load();
  },
});

async function sizeOf(ctx: SectionCtx, table: string, where: SQL): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await ctx.db.execute(sql`select coalesce(sum(pg_column_size(t.*)), 0) as n from ${q(table)} t where ${where}`),
  );
  return Number(row?.n ?? 0);
}

const ws = (auth: AuthContext) => sql`t.workspace_id = ${auth.workspaceId}`;

export const SECTIONS: SectionDef[] = [
  {
    type: "personal_data",
    option: "includePersonalData",
    permissions: async () => [],
    async datasets(ctx, auth, range) {
      const mine = sql`${ws(auth)} and t.user_id = ${auth.userId} and ${rangeWhere("created_at", range)}`;
      return [
        once("profile", async () => {
          const res = await ctx.db.execute(
            sql`select id, name, email, email_verified, image, two_factor_enabled, created_at, updated_at from users where id = ${auth.userId}`,
          );
          return rowsOf<Row>(res);
        }),
        once("settings", async () => {
          const s = await ctx.settings.get(auth);
          return [{ ...s }];
        }),
        tableDataset(ctx, "notifications", "notifications", mine),
        tableDataset(ctx, "api_keys", "api_keys", sql`${ws(auth)} and t.user_id = ${auth.userId}`, ["key_hash"]),
      ];
    },
    async estimate(ctx, auth, range) {
      return (
        4096 + (await sizeOf(ctx, "notifications", sql`${ws(auth)} and t.user_id = ${auth.userId} and ${rangeWhere("created_at", range)}`))
      );
    },
  },
  {
    type: "campaign_data",
    option: "includeCampaignData",
    async permissions(ctx) {
      return (await tableExists(ctx, "campaigns")) ? ["leads:read", "campaigns:read"] : ["leads:read"];
    },
    async datasets(ctx, auth, range) {
      const sets = [tableDataset(ctx, "leads", "leads", sql`${ws(auth)} and ${rangeWhere("created_at", range)}`)];
      if (await tableExists(ctx, "campaigns")) {
        sets.push(tableDataset(ctx, "campaigns", "campaigns", sql`${ws(auth)} and ${rangeWhere("created_at", range)}`));
      }
      return sets;
    },
    async estimate(ctx, auth, range) {
      let n = await sizeOf(ctx, "leads", sql`${ws(auth)} and ${rangeWhere("created_at", range)}`);
      if (await tableExists(ctx, "campaigns")) n += await sizeOf(ctx, "campaigns", sql`${ws(auth)} and ${rangeWhere("created_at", range)}`);
      return n;
    },
  },
  {
    type: "analytics_data",
    option: "includeAnalyticsData",
    permissions: async () => ["analytics:read"],
    async datasets(ctx, auth, range) {
      const where = sql`${ws(auth)} and ${rangeWhere("created_at", range)}`;
      const grouped = (name: string, expr: SQL, label: string) =>
        once(name, async () =>
          rowsOf<Row>(
            await ctx.db.execute(
              sql`select ${expr} as ${sql.raw(label)}, count(*)::int as leads from leads t where ${where} group by 1 order by 1`,
            ),
          ),
        );
      return [
        grouped("leads_by_day", sql`to_char(date_trunc('day', t.created_at at time zone 'UTC'), 'YYYY-MM-DD')`, "day"),
        grouped("leads_by_source", sql`t.source`, "source"),
        grouped("leads_by_status", sql`t.status`, "status"),
      ];
    },
    estimate: async () => 64 * 1024,
  },
  {
    type: "system_logs",
    option: "includeSystemLogs",
    permissions: async () => ["audit:read"],
    async datasets(ctx, auth, range) {
      return [tableDataset(ctx, "audit_log", "access_audit", sql`${ws(auth)} and ${rangeWhere("created_at", range)}`)];
    },
    async estimate(ctx, auth, range) {
      return sizeOf(ctx, "access_audit", sql`${ws(auth)} and ${rangeWhere("created_at", range)}`);
    },
  },
];

export function chosenSections(options: ExportOptions): SectionDef[] {
  return SECTIONS.filter((s) => options[s.option]);
}
