/** The lead-scoring feature's surface for the features above it: a lead's score with its reasons, the model list, the tables. */
export { describe as describeColumn } from "./lead-scoring.features.ts";
export { leadScore, models as leadScoreModels, rescoreWorkspace } from "./lead-scoring.service.ts";
export * from "./lead-scoring.table.ts";
