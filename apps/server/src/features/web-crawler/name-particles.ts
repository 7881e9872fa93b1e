/**
 * Lower-case surname particles: "van der Berg", "da Silva". The one list for the crawler (which
 * reads names off pages and out of addresses), scraping and enrichment's name clean-up.
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  "van",
  "von",
  "de",
  "der",
  "den",
  "da",
  "di",
  "del",
  "della",
  "la",
  "le",
  "du",
  "dos",
  "das",
  "bin",
  "al",
]);
