/** Tables of health and operations (docs/operations.md) (none yet). */
export {};
