/** The recommendations feature's surface for the features above it. */
export { playbooks } from "./recommendations.playbooks.ts";
export { listApplications, listRecommendations } from "./recommendations.service.ts";
export * from "./recommendations.table.ts";
