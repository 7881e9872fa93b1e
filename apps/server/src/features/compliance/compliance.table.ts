/** Tables of compliance (docs/compliance.md) (none yet). */
export {};
