/** Contracts of reports (docs/analytics.md): its helper fills this in. */
export {};
