/** Contracts of analytics-intelligence (docs/analytics.md): its helper fills this in. */
export {};
