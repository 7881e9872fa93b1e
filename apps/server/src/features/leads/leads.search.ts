/** The text the lead search box matches: indexed by leads_search_trgm_idx and queried the same way. */
import { sql } from "drizzle-orm";

export const LEAD_SEARCH_EXPR = sql.raw(
  `(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(company_name, ''))`,
);
