/** Error codes of lead generation: scraping jobs, data-source configuration and enrichment jobs. */
import { defineErrors } from "./define-errors.ts";

export const scrapingErrors = defineErrors({
  SCRAPING_JOB_NOT_FOUND: { status: 404, detail: "Scraping job not found" },
  ENRICHMENT_JOB_NOT_FOUND: { status: 404, detail: "Enrichment job not found" },
  JOB_NOT_CANCELLABLE: { status: 400, detail: "This job has already finished and cannot be cancelled" },
  SOURCE_NOT_CONFIGURED: { status: 400, detail: "This data source is not configured on the server" },
  URL_NOT_ALLOWED: {
    status: 400,
    detail:
      "This address cannot be fetched: only public http(s) addresses are allowed (an administrator can allow hosts with OUTBOUND_ALLOWLIST)",
  },
});
