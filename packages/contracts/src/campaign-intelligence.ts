/** Contracts of campaign-intelligence (docs/analytics.md): its helper fills this in. */
export {};
