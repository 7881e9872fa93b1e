/**
 * Feature flags: which features are on for whom. Each flag has a switch, a rollout slider (a stable
 * share of users, 0–100 %) and targeting (roles, users, teams always in); saved as they change.
 */
import Add from "@mui/icons-material/Add";
import { Box, Button, Card, CardContent, Chip, FormControlLabel, Slider, Switch, TextField, Typography } from "@mui/material";
import { type FeatureFlag, type FeatureFlagInput, FeatureKey, type RoleId } from "@prospector/contracts";
import { useState } from "react";
import { usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { FormDialog } from "../../../ui/form-dialog.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useFlags, useSaveFlag } from "../api/use-rules.ts";
import { type FormErrors, formErrorsFrom, NO_ERRORS } from "../lib/field-errors.ts";
import { MemberPicker, RolePicker, type SubjectNames, subjectsText, TeamPicker, useSubjectNames } from "./subject-pickers.tsx";
import { TabQuery } from "./tab-states.tsx";

const inputOf = (f: FeatureFlag): FeatureFlagInput => ({
  name: f.name,
  description: f.description,
  enabled: f.enabled,
  rollout_percentage: f.rollout_percentage,
  targeted_roles: f.targeted_roles,
  targeted_users: f.targeted_users,
  targeted_teams: f.targeted_teams,
});

const FIELDS = ["key", "name", "description", "enabled", "rollout_percentage", "targeted_roles", "targeted_users", "targeted_teams"];

function FlagDialog({ flag, onClose }: { flag: FeatureFlag | null; onClose: () => void }) {
  const save = useSaveFlag();
  const toast = useToast();
  const [key, setKey] = useState(flag?.key ?? "");
  const [name, setName] = useState(flag?.name ?? "");
  const [description, setDescription] = useState(flag?.description ?? "");
  const [enabled, setEnabled] = useState(flag?.enabled ?? false);
  const [rollout, setRollout] = useState(flag?.rollout_percentage ?? 100);
  const [roles, setRoles] = useState<RoleId[]>(flag?.targeted_roles ?? []);
  const [users, setUsers] = useState<string[]>(flag?.targeted_users ?? []);
  const [teams, setTeams] = useState<string[]>(flag?.targeted_teams ?? []);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const submit = () => {
    const fields: Record<string, string> = {};
    const k = key.trim();
    if (!flag) {
      const parsed = FeatureKey.safeParse(k);
      if (!parsed.success) fields.key = parsed.error.issues[0]?.message ?? "Not a valid key";
    }
    if (!name.trim()) fields.name = "Name is required";
    if (Object.keys(fields).length) {
      setErrors({ ...NO_ERRORS, fields });
      return;
    }
    const input: FeatureFlagInput = {
      name: name.trim(),
      description: description.trim() || null,
      enabled,
      rollout_percentage: rollout,
      targeted_roles: roles,
      targeted_users: users,
      targeted_teams: teams,
    };
    save.mutate(
      { key: flag?.key ?? k, input },
      {
        onSuccess: (s) => {
          toast.success(`Flag "${s.name}" saved`);
          onClose();
        },
        onError: (e) => setErrors(formErrorsFrom(e, FIELDS)),
      },
    );
  };

  const f = errors.fields;
  return (
    <FormDialog
      title={flag ? `Targeting of "${flag.name}"` : "New feature flag"}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={flag ? "Save" : "Create flag"}
      error={errors.general}
    >
      {!flag && (
        <TextField
          label="Key"
          required
          value={key}
          onChange={(e) => setKey(e.target.value)}
          error={Boolean(f.key)}
          helperText={f.key ?? "What the code asks for: lowercase letters, digits, _ . -"}
        />
      )}
      <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} error={Boolean(f.name)} helperText={f.name} />
      <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} multiline />
      <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label="Enabled" />
      <Box>
        <Typography id="flag-dialog-rollout" variant="body2" gutterBottom>
          Rollout: {rollout}% of users
        </Typography>
        <Slider
          value={rollout}
          onChange={(_, v) => setRollout(v as number)}
          min={0}
          max={100}
          step={5}
          valueLabelDisplay="auto"
          aria-labelledby="flag-dialog-rollout"
        />
        {f.rollout_percentage && (
          <Typography variant="caption" color="error">
            {f.rollout_percentage}
          </Typography>
        )}
      </Box>
      <Typography variant="subtitle2" component="h3">
        Always on for
      </Typography>
      <RolePicker value={roles} onChange={setRoles} error={f.targeted_roles} />
      <MemberPicker value={users} onChange={setUsers} error={f.targeted_users} />
      <TeamPicker value={teams} onChange={setTeams} error={f.targeted_teams} />
    </FormDialog>
  );
}

function FlagCard({ flag, mayEdit, onEdit, names }: { flag: FeatureFlag; mayEdit: boolean; onEdit: () => void; names: SubjectNames }) {
  const save = useSaveFlag();
  const toast = useToast();
  const [rollout, setRollout] = useState<number | null>(null);
  const shown = rollout ?? flag.rollout_percentage;
  const persist = (input: FeatureFlagInput, done: string) =>
    save.mutate(
      { key: flag.key, input },
      {
        onSuccess: () => toast.success(done),
        onError: (e) => toast.error(errorMessage(e)),
        onSettled: () => setRollout(null),
      },
    );
  const targets = subjectsText(names, flag.targeted_roles, flag.targeted_users, flag.targeted_teams);
  const sliderLabel = `flag-${flag.key}-rollout`;
  return (
    <Card variant="outlined" component="section" aria-label={flag.name}>
      <CardContent>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {flag.name}
          </Typography>
          <Chip size="small" label={flag.key} variant="outlined" sx={{ fontFamily: "monospace" }} />
          <Box sx={{ ml: "auto" }}>
            <FormControlLabel
              control={
                <Switch
                  checked={flag.enabled}
                  disabled={!mayEdit || save.isPending}
                  slotProps={{ input: { "aria-label": `${flag.name} enabled` } }}
                  onChange={(e) =>
                    persist({ ...inputOf(flag), enabled: e.target.checked }, `"${flag.name}" ${e.target.checked ? "enabled" : "disabled"}`)
                  }
                />
              }
              label={flag.enabled ? "Enabled" : "Off"}
            />
          </Box>
        </Box>
        {flag.description && (
          <Typography variant="body2" color="textSecondary">
            {flag.description}
          </Typography>
        )}
        <Box sx={{ mt: 1.5, px: 1 }}>
          <Typography id={sliderLabel} variant="body2">
            Rollout: {shown}% of users
          </Typography>
          <Slider
            value={shown}
            min={0}
            max={100}
            step={5}
            disabled={!mayEdit || !flag.enabled}
            valueLabelDisplay="auto"
            valueLabelFormat={(v) => `${v}%`}
            aria-labelledby={sliderLabel}
            onChange={(_, v) => setRollout(v as number)}
            onChangeCommitted={(_, v) => {
              if (v !== flag.rollout_percentage)
                persist({ ...inputOf(flag), rollout_percentage: v as number }, `"${flag.name}" rolled out to ${v}%`);
            }}
          />
        </Box>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography variant="body2" color="textSecondary">
            Always on for: {targets || "nobody in particular"}
          </Typography>
          {mayEdit && (
            <Button size="small" onClick={onEdit} sx={{ ml: "auto" }}>
              Edit targeting
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

export default function FlagsTab() {
  const flags = useFlags();
  const names = useSubjectNames();
  const { can } = usePermissions();
  const mayEdit = can("settings:update");
  const [editing, setEditing] = useState<FeatureFlag | "new" | null>(null);
  const newButton = mayEdit && (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing("new")}>
      New flag
    </Button>
  );
  return (
    <>
      <PageIntro
        dense
        question="Which features are on, and for whom?"
        summary="A flag is on for targeted roles, users and teams, and for a stable share of everyone else set by the rollout."
        actions={newButton}
      />
      <TabQuery query={flags} label="Loading feature flags">
        {(data) =>
          data.length === 0 ? (
            <EmptyState
              title="No feature flags yet"
              hint="Create a flag to switch a feature on for some roles, people or teams, or for a share of users."
            >
              {newButton}
            </EmptyState>
          ) : (
            <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
              {data.map((f) => (
                <FlagCard key={f.key} flag={f} names={names} mayEdit={mayEdit} onEdit={() => setEditing(f)} />
              ))}
            </Box>
          )
        }
      </TabQuery>
      {editing && <FlagDialog flag={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
