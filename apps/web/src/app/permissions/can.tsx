/**
 * `<Can permission="leads:create">…</Can>`: renders its children only when the user may, else the
 * fallback. A list of permissions needs any of them (`any`, the default) or all of them (`all`).
 */
import type { ReactNode } from "react";
import { usePermissions } from "./permission-provider.tsx";

export interface CanProps {
  permission: string | readonly string[];
  /** With a list: `all` needs every permission; the default needs any one. */
  all?: boolean;
  any?: boolean;
  fallback?: ReactNode;
  children: ReactNode;
}

export function Can({ permission, all = false, fallback = null, children }: CanProps) {
  const { can, canAll, canAny } = usePermissions();
  const list = typeof permission === "string" ? [permission] : permission;
  const allowed = list.length === 1 ? can(list[0]!) : all ? canAll(list) : canAny(list);
  return <>{allowed ? children : fallback}</>;
}
