/**
 * What other features may use of enrichment: the enrichment job services and the pure enrichers
 * that scraping applies to what it finds (role addresses, address patterns, name clean-up).
 */
export { emailDomain, isDisposable, isRoleAddress } from "./email.enricher.ts";
export { cancelEnrichmentJob, getEnrichmentJob, listEnrichmentJobs, startEnrichment } from "./enrichment.service.ts";
export { enrichmentJobs } from "./enrichment.table.ts";
export { detectPattern, GUESS_SOURCE } from "./guess-score.enricher.ts";
export { normalizeName } from "./person.enricher.ts";
