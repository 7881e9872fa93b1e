/** The pipeline feature's surface for the features above it: its alerts, for the analytics command center. */
export { alerts as pipelineAlerts, scopeOf as pipelineScopeOf } from "./pipeline.service.ts";
