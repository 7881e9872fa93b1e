/** Pickers for who a rule applies to: members, roles and teams of the workspace, chosen by name, kept as ids. */
import { Autocomplete, Chip, TextField } from "@mui/material";
import { ROLES, type RoleId } from "@prospector/contracts";
import { useMemo } from "react";
import { useSession } from "../../auth/api/use-session.ts";
import { useMembers } from "../api/use-roles.ts";
import { useTeams } from "../api/use-teams.ts";

interface Option {
  id: string;
  label: string;
}

function IdPicker({
  label,
  options,
  value,
  onChange,
  error,
  loading,
  disabled,
}: {
  label: string;
  options: Option[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  loading?: boolean;
  disabled?: boolean;
}) {
  const byId = new Map(options.map((o) => [o.id, o]));
  // An id the lists do not know (a member who left) stays visible so saving does not drop it silently.
  const selected = value.map((id) => byId.get(id) ?? { id, label: `Unknown (${id.slice(0, 8)})` });
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={selected}
      loading={loading}
      disabled={disabled}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_, next) => onChange(next.map((o) => o.id))}
      renderValue={(items, getItemProps) =>
        items.map((o, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={o.label} {...props} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error} />}
    />
  );
}

export function MemberPicker(props: {
  label?: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { user } = useSession();
  const members = useMembers(user?.workspace.id);
  const options = useMemo(
    () => (members.data?.items ?? []).map((m) => ({ id: m.user.id, label: `${m.user.full_name} <${m.user.email}>` })),
    [members.data],
  );
  return <IdPicker label={props.label ?? "Users"} options={options} loading={members.isPending} {...props} />;
}

const ROLE_OPTIONS = (Object.values(ROLES) as (typeof ROLES)[RoleId][])
  .sort((a, b) => b.priority - a.priority)
  .map((r) => ({ id: r.id, label: r.label }));

export function RolePicker(props: {
  label?: string;
  value: string[];
  onChange: (ids: RoleId[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <IdPicker
      label={props.label ?? "Roles"}
      options={ROLE_OPTIONS}
      value={props.value}
      onChange={(ids) => props.onChange(ids as RoleId[])}
      error={props.error}
      disabled={props.disabled}
    />
  );
}

export function TeamPicker(props: {
  label?: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const teams = useTeams();
  const options = useMemo(() => (teams.data ?? []).map((t) => ({ id: t.id, label: t.name })), [teams.data]);
  return <IdPicker label={props.label ?? "Teams"} options={options} loading={teams.isPending} {...props} />;
}

/** Names for the ids a rule lists (members and teams), or null while unknown (not loaded, or not visible to the caller). */
export function useSubjectNames() {
  const { user } = useSession();
  const members = useMembers(user?.workspace.id);
  const teams = useTeams();
  return useMemo(() => {
    const people = new Map((members.data?.items ?? []).map((m) => [m.user.id, m.user.full_name]));
    const groups = new Map((teams.data ?? []).map((t) => [t.id, t.name]));
    return { user: (id: string) => people.get(id) ?? null, team: (id: string) => groups.get(id) ?? null };
  }, [members.data, teams.data]);
}

export type SubjectNames = ReturnType<typeof useSubjectNames>;

/** "Manager, Ada Lovelace, team Sales" — names where known, else a count. */
export function subjectsText(names: SubjectNames, roles: readonly string[], users: readonly string[], teams: readonly string[]): string {
  const named = (ids: readonly string[], find: (id: string) => string | null, one: string, prefix = "") => {
    const known = ids.map(find);
    if (known.every((n): n is string => n !== null)) return known.map((n) => `${prefix}${n}`);
    return ids.length ? [`${ids.length} ${one}${ids.length === 1 ? "" : "s"}`] : [];
  };
  return [
    ...roles.map((r) => (ROLES as Record<string, { label: string }>)[r]?.label ?? r),
    ...named(users, names.user, "user"),
    ...named(teams, names.team, "team", "team "),
  ].join(", ");
}
