/** The scraping feature's public surface: its jobs table (the failure-mode catalogue reads providers' rate limits from it). */
export { scrapingJobs } from "./scraping.table.ts";
