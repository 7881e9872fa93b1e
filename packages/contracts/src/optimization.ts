/** Contracts of optimization (docs/analytics.md): its helper fills this in. */
export {};
