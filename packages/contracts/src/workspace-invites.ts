/** Workspace invitations by email (single and bulk, accept for new and existing accounts) and domain verification. */
export {};
