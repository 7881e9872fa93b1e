/** Contracts of executive (docs/analytics.md): its helper fills this in. */
export {};
