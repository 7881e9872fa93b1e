/** Contracts of recommendations (docs/analytics.md): its helper fills this in. */
export {};
