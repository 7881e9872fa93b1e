/** The coaching feature's surface for the features above it: the one draft scorer. */
export { scoreDraft } from "./coaching.scorer.ts";
export * from "./coaching.table.ts";
