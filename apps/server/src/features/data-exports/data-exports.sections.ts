/**
 * What each kind of export contains, from what exists today: personal data (profile, settings,
 * notifications, API key metadata), campaign data (leads, and campaigns once that table exists),
 * analytics (lead counts by day, source and status) and system logs (the access audit). Rows are
 * read in pages by id, so a large table never sits in memory whole.
 */
import type { ExportOptions } from "@prospector/contracts";
import type { AppContext } from "../../context.ts";
import type { AuthContext } from "../../platform/auth-context.ts";
import { getUserSettings } from "../user-settings/index.ts";
import { leadCounts, pageRows, profileRow, type Row, type RowFilter, rowsSize, tableExists } from "./export-sections.repository.ts";

export type { Row };

export interface Dataset {
  name: string;
  batches(): AsyncIterable<Row[]>;
}

type SectionCtx = Pick<AppContext, "db" | "hooks">;

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

const PAGE = 2_000;

/** Pages through `table` by id with a filter; rows as PostgreSQL's JSON of the row. */
function tableDataset(ctx: SectionCtx, name: string, table: string, filter: RowFilter, omit: string[] = []): Dataset {
  return {
    name,
    async *batches() {
      let after = "00000000-0000-0000-0000-000000000000";
      for (;;) {
        const page = await pageRows(ctx.db, table, filter, after, PAGE);
        if (page.length === 0) return;
        yield page.map(({ row }) => {
          for (const k of omit) delete row[k];
          return row;
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

/** The caller's workspace rows, created within the range. */
const created = (auth: AuthContext, range: Range): RowFilter => ({
  workspaceId: auth.workspaceId,
  range: { column: "created_at", ...range },
});
const hasCampaigns = (ctx: Pick<AppContext, "db">) => tableExists(ctx.db, "campaigns");

export const SECTIONS: SectionDef[] = [
  {
    type: "personal_data",
    option: "includePersonalData",
    permissions: async () => [],
    async datasets(ctx, auth, range) {
      const mine: RowFilter = { ...created(auth, range), userId: auth.userId };
      return [
        once("profile", () => profileRow(ctx.db, auth.userId)),
        once("settings", async () => [{ ...(await getUserSettings(ctx, auth)) }]),
        tableDataset(ctx, "notifications", "notifications", mine),
        tableDataset(ctx, "api_keys", "api_keys", { workspaceId: auth.workspaceId, userId: auth.userId }, ["key_hash"]),
      ];
    },
    async estimate(ctx, auth, range) {
      return 4096 + (await rowsSize(ctx.db, "notifications", { ...created(auth, range), userId: auth.userId }));
    },
  },
  {
    type: "campaign_data",
    option: "includeCampaignData",
    async permissions(ctx) {
      return (await hasCampaigns(ctx)) ? ["leads:read", "campaigns:read"] : ["leads:read"];
    },
    async datasets(ctx, auth, range) {
      const sets = [tableDataset(ctx, "leads", "leads", created(auth, range))];
      if (await hasCampaigns(ctx)) sets.push(tableDataset(ctx, "campaigns", "campaigns", created(auth, range)));
      return sets;
    },
    async estimate(ctx, auth, range) {
      let n = await rowsSize(ctx.db, "leads", created(auth, range));
      if (await hasCampaigns(ctx)) n += await rowsSize(ctx.db, "campaigns", created(auth, range));
      return n;
    },
  },
  {
    type: "analytics_data",
    option: "includeAnalyticsData",
    permissions: async () => ["analytics:read"],
    async datasets(ctx, auth, range) {
      const filter = created(auth, range);
      return [
        once("leads_by_day", () => leadCounts(ctx.db, filter, "day")),
        once("leads_by_source", () => leadCounts(ctx.db, filter, "source")),
        once("leads_by_status", () => leadCounts(ctx.db, filter, "status")),
      ];
    },
    estimate: async () => 64 * 1024,
  },
  {
    type: "system_logs",
    option: "includeSystemLogs",
    permissions: async () => ["audit:read"],
    async datasets(ctx, auth, range) {
      return [tableDataset(ctx, "audit_log", "access_audit", created(auth, range))];
    },
    async estimate(ctx, auth, range) {
      return rowsSize(ctx.db, "access_audit", created(auth, range));
    },
  },
];

export function chosenSections(options: ExportOptions): SectionDef[] {
  return SECTIONS.filter((s) => options[s.option]);
}
