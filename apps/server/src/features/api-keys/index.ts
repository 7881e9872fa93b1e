/** The API keys feature's public surface: revoking a user's keys, a key by id, and the tables. */
export { type ApiKeyRecord, findApiKey, revokeAllApiKeys } from "./api-keys.service.ts";
export * from "./api-keys.table.ts";
export { type ApiKeyActivityRow, apiKeyActivityBetween } from "./api-keys.service.ts";
export {
  activeWorkspaceApiKeys,
  disableWorkspaceApiKey,
  findWorkspaceApiKey,
  type WorkspaceApiKey,
} from "./api-keys-containment.service.ts";
