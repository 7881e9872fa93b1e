/** Tables of threat detection (docs/security-operations.md) (none yet). */
export {};
