/** The lead-scoring feature's surface for the features above it: a lead's score with its reasons, the model list, the tables. */
export { CATEGORY_FIELDS, describe as describeColumn, encode, type LeadFeatures } from "./lead-scoring.features.ts";
/** The model's mathematics and the rescoring job's name, for the model registry's drift, realized AUC and deployments (ai-models). */
export { auc } from "./lead-scoring.model.ts";
export { leadScore, models as leadScoreModels, RESCORE_JOB, rescoreWorkspace } from "./lead-scoring.service.ts";
export * from "./lead-scoring.table.ts";
export { scoreLead } from "./lead-scoring.training.ts";
