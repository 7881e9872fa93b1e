/**
 * Create or edit a policy rule: name, priority, effect, active, the permission patterns it covers,
 * who it applies to (users, roles, teams) and its conditions. The form checks what it can before
 * sending; the server's field errors land on the field or condition row they name.
 */
import { FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from "@mui/material";
import type { Policy, PolicyCondition, PolicyInput } from "@prospector/contracts";
import { useState } from "react";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useAccessConfig } from "../api/use-roles.ts";
import { useSavePolicy } from "../api/use-rules.ts";
import { type ConditionDraft, fromCondition, toCondition } from "../lib/conditions.ts";
import { type FormErrors, formErrorsFrom, NO_ERRORS } from "../lib/field-errors.ts";
import { isPermission, parsePermissionList } from "../lib/grants.ts";
import { ConditionBuilder } from "./condition-builder.tsx";
import { MemberPicker, RolePicker, TeamPicker } from "./subject-pickers.tsx";

const FIELDS = [
  "name",
  "description",
  "priority",
  "is_active",
  "effect",
  "permissions",
  "applies_to.users",
  "applies_to.roles",
  "applies_to.teams",
];

/** The form's values as the API takes them, or the form errors that stop sending. */
export function buildPolicyInput(form: {
  name: string;
  description: string;
  priority: string;
  isActive: boolean;
  effect: "allow" | "deny";
  permissions: string;
  users: string[];
  roles: PolicyInput["applies_to"]["roles"];
  teams: string[];
  conditions: ConditionDraft[];
}): { ok: true; input: PolicyInput } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = { fields: {}, conditions: {}, general: null };
  if (!form.name.trim()) errors.fields.name = "Name is required";
  const priority = Number(form.priority);
  if (form.priority.trim() === "" || !Number.isInteger(priority) || priority < -1000 || priority > 1000) {
    errors.fields.priority = "A whole number from -1000 to 1000";
  }
  const permissions = parsePermissionList(form.permissions);
  const bad = permissions.find((p) => !isPermission(p));
  if (!permissions.length) errors.fields.permissions = "List at least one resource:action";
  else if (bad) errors.fields.permissions = `"${bad}" is not resource:action (use * for any)`;
  const conditions: PolicyCondition[] = [];
  form.conditions.forEach((d, i) => {
    const r = toCondition(d);
    if (r.ok) conditions.push(r.condition);
    else errors.conditions[i] = r.error;
  });
  if (Object.keys(errors.fields).length || Object.keys(errors.conditions).length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      name: form.name.trim(),
      description: form.description.trim() || null,
      priority,
      is_active: form.isActive,
      effect: form.effect,
      permissions,
      applies_to: { users: form.users, roles: form.roles, teams: form.teams },
      conditions,
    },
  };
}

export function PolicyEditor({ policy, onClose }: { policy: Policy | null; onClose: () => void }) {
  const config = useAccessConfig();
  const save = useSavePolicy();
  const toast = useToast();
  const [name, setName] = useState(policy?.name ?? "");
  const [description, setDescription] = useState(policy?.description ?? "");
  const [priority, setPriority] = useState(String(policy?.priority ?? 0));
  const [isActive, setIsActive] = useState(policy?.is_active ?? true);
  const [effect, setEffect] = useState<"allow" | "deny">(policy?.effect ?? "deny");
  const [permissions, setPermissions] = useState((policy?.permissions ?? []).join(", "));
  const [users, setUsers] = useState<string[]>(policy?.applies_to.users ?? []);
  const [roles, setRoles] = useState<PolicyInput["applies_to"]["roles"]>(policy?.applies_to.roles ?? []);
  const [teams, setTeams] = useState<string[]>(policy?.applies_to.teams ?? []);
  const [conditions, setConditions] = useState<ConditionDraft[]>((policy?.conditions ?? []).map(fromCondition));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const submit = () => {
    const built = buildPolicyInput({ name, description, priority, isActive, effect, permissions, users, roles, teams, conditions });
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors(NO_ERRORS);
    save.mutate(
      { id: policy?.id, input: built.input },
      {
        onSuccess: (saved) => {
          toast.success(policy ? `Policy "${saved.name}" saved` : `Policy "${saved.name}" created`);
          onClose();
        },
        onError: (e) => setErrors(formErrorsFrom(e, FIELDS)),
      },
    );
  };

  const f = errors.fields;
  return (
    <FormDialog
      title={policy ? `Edit policy "${policy.name}"` : "New policy"}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={policy ? "Save policy" : "Create policy"}
      error={errors.general}
      maxWidth="md"
    >
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(f.name)}
          helperText={f.name}
          sx={{ flex: 1 }}
        />
        <TextField
          label="Priority"
          type="number"
          value={priority}
          onChange={(e) => setPriority(e.target.value)}
          error={Boolean(f.priority)}
          helperText={f.priority ?? "Higher runs first"}
          sx={{ width: 150 }}
        />
        <TextField
          select
          label="Effect"
          value={effect}
          onChange={(e) => setEffect(e.target.value as "allow" | "deny")}
          error={Boolean(f.effect)}
          helperText={f.effect}
          sx={{ width: 130 }}
        >
          <MenuItem value="allow">Allow</MenuItem>
          <MenuItem value="deny">Deny</MenuItem>
        </TextField>
      </Stack>
      <TextField
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={1}
        error={Boolean(f.description)}
        helperText={f.description}
      />
      <TextField
        label="Permissions"
        required
        value={permissions}
        onChange={(e) => setPermissions(e.target.value)}
        error={Boolean(f.permissions)}
        helperText={f.permissions ?? "resource:action patterns, comma separated; * matches any (leads:*, *:delete)"}
      />
      <Typography variant="subtitle2" component="h3">
        Applies to
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: "0 !important" }}>
        Nobody listed means everyone in the workspace.
      </Typography>
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ "& > *": { flex: 1 } }}>
        <MemberPicker value={users} onChange={setUsers} error={f["applies_to.users"]} />
        <RolePicker value={roles} onChange={setRoles} error={f["applies_to.roles"]} />
        <TeamPicker value={teams} onChange={setTeams} error={f["applies_to.teams"]} />
      </Stack>
      <Typography variant="subtitle2" component="h3">
        Conditions (all must hold)
      </Typography>
      <ConditionBuilder drafts={conditions} onChange={setConditions} errors={errors.conditions} supported={config.data?.condition_types} />
      <FormControlLabel control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />} label="Active" />
    </FormDialog>
  );
}
