/** Tables of incidents (docs/security-operations.md) (none yet). */
export {};
