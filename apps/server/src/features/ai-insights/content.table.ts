/** Tables of Memory intelligence and personalized images (docs/ai/content.md) (none yet). */
export {};
