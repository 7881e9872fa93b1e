/** The team hierarchy: teams in tree order with their depth, and which parents a team may move under. */
export interface TeamLike {
  id: string;
  name: string;
  parent_id: string | null;
}

export interface TreeRow<T extends TeamLike> {
  team: T;
  depth: number;
}

/** Depth-first, siblings by name; a team whose parent is missing (or a loop) shows at the top level. */
export function treeRows<T extends TeamLike>(teams: readonly T[]): TreeRow<T>[] {
  const ids = new Set(teams.map((t) => t.id));
  const children = new Map<string | null, T[]>();
  for (const t of teams) {
    const parent = t.parent_id && ids.has(t.parent_id) && t.parent_id !== t.id ? t.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), t]);
  }
  for (const list of children.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  const out: TreeRow<T>[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const t of children.get(parent) ?? []) {
      if (seen.has(t.id)) continue;
      seen.add(t.id);
      out.push({ team: t, depth });
      walk(t.id, depth + 1);
    }
  };
  walk(null, 0);
  // Teams caught in a loop never hang from the root: list them at the top so none disappears.
  for (const t of teams) if (!seen.has(t.id)) out.push({ team: t, depth: 0 });
  return out;
}

/** The team and everything under it: none of them can become its parent (that would make a cycle). */
export function subtreeIds(teams: readonly TeamLike[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const t of teams) {
      if (t.parent_id && out.has(t.parent_id) && !out.has(t.id)) {
        out.add(t.id);
        grew = true;
      }
    }
  }
  return out;
}

/** The parents a team may take: every team outside its own subtree. */
export function allowedParents<T extends TeamLike>(teams: readonly T[], id: string | null): T[] {
  if (!id) return [...teams];
  const blocked = subtreeIds(teams, id);
  return teams.filter((t) => !blocked.has(t.id));
}
