/** Contracts of lead-scoring (docs/analytics.md): its helper fills this in. */
export {};
