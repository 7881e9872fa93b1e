/** Tables of the reputation feature. */
export {};
