/**
 * Published industry benchmarks shipped with Prospector (read-only, shared by every workspace).
 * Only figures read in the publication itself, with its date as precise as it states; a metric
 * without such a figure (meeting rate) has no row: admins add their own industry's.
 */
import type { NewBenchmark } from "./intelligence.repository.ts";

const MAILCHIMP = {
  sourceName: "Mailchimp, Email Marketing Benchmarks (average email marketing campaign stats of Mailchimp customers by industry)",
  sourceUrl: "https://mailchimp.com/resources/email-marketing-benchmarks/",
  published: "2019-10",
  retrievedOn: "2026-11-25",
  segment: "Marketing email, Mailchimp accounts without an industry label (campaigns to at least 1,000 subscribers)",
  note: "Marketing newsletters to opted-in lists, not cold outreach: expect cold email to sit below these. The page says its data was last updated in October 2019; read from a stored copy of the page.",
} as const;

export const SEEDED_BENCHMARKS: NewBenchmark[] = [
  { seedKey: "mailchimp-2019-10-open", metric: "open_rate", valueLow: 0.2271, valueHigh: 0.2271, ...MAILCHIMP },
  { seedKey: "mailchimp-2019-10-click", metric: "click_rate", valueLow: 0.0291, valueHigh: 0.0291, ...MAILCHIMP },
  { seedKey: "mailchimp-2019-10-unsubscribe", metric: "unsubscribe_rate", valueLow: 0.0025, valueHigh: 0.0025, ...MAILCHIMP },
  {
    seedKey: "backlinko-2019-outreach-reply",
    metric: "reply_rate",
    valueLow: 0.085,
    valueHigh: 0.085,
    segment: "Link-building and blogger outreach emails (12 million emails, with Pitchbox)",
    sourceName: "Backlinko, \u201cWe Analyzed 12 Million Outreach Emails\u201d (email outreach study)",
    sourceUrl: "https://backlinko.com/email-outreach-study",
    published: "2019",
    retrievedOn: "2026-11-25",
    note: "8.5 % of outreach emails got a response. Outreach to bloggers and site owners, not sales prospects.",
  },
];
