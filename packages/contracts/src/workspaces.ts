/**
 * The workspace service (shell §7, base /api/v1/workspaces): workspaces, members, stats, activity,
 * lifecycle (transfer, archive, restore, export, clone). Invites and domain verification are in
 * workspace-invites.ts.
 */
export {};
