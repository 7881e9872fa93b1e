/** The API keys feature's public surface: revoking a user's keys, a key by id, and the tables. */
export { type ApiKeyActivityRow, type ApiKeyRecord, apiKeyActivityBetween, findApiKey, revokeAllApiKeys } from "./api-keys.service.ts";
export * from "./api-keys.table.ts";
export {
  activeWorkspaceApiKeys,
  disableWorkspaceApiKey,
  findWorkspaceApiKey,
  type WorkspaceApiKey,
} from "./api-keys-containment.service.ts";
export { eraseApiKeysOfUser } from "./api-keys-erasure.ts";
