/**
 * Test a decision: would this member be allowed to do resource:action (on one record, from an IP
 * or a country, at a time)? POST /rbac/check/detailed answers with the outcome, the reason in the
 * words of outreach-core §8 and the rule or grant that decided.
 */
import { Alert, AlertTitle, Autocomplete, Box, Button, Stack, TextField, Typography } from "@mui/material";
import { type CheckRequest, type CheckResult, ROLES, type RoleId } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { PageIntro } from "../../../ui/page-intro.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { useMembers } from "../api/use-roles.ts";
import { useCheckDecision } from "../api/use-rules.ts";

const STEP_TEXT: Record<string, string> = {
  inactive: "The user check (first step): the user must exist and be active",
  rate_limit: "The rate limit (second step)",
  policy: "A policy rule",
  user: "A permission granted to the user directly",
  role: "A permission of the user's role",
  team: "A permission of one of the user's teams",
  no_match: "Nothing matched: no policy, direct, role or team grant covers it",
};

/** Who or what decided, in one sentence. */
export function decidedBy(result: CheckResult): string {
  const m = result.matched;
  if (m) {
    const verb = m.effect === "deny" ? "denies" : "allows";
    switch (m.kind) {
      case "policy":
        return `Policy "${m.name ?? m.id}" ${verb} ${m.permission}`;
      case "role":
        return `The ${m.name ?? ROLES[m.id as RoleId]?.label ?? m.id} role ${verb} ${m.permission}`;
      case "team":
        return `Team "${m.name ?? m.id}" ${verb} ${m.permission}`;
      default:
        return `A direct grant ${verb} ${m.permission}`;
    }
  }
  return STEP_TEXT[result.step ?? "no_match"] ?? STEP_TEXT.no_match ?? "";
}

const PERMISSION = /^([a-z_]+|\*):([a-z_]+|\*)$/;

export default function CheckTab() {
  const { user } = useSession();
  const { can } = usePermissions();
  const members = useMembers(user?.workspace.id);
  const check = useCheckDecision();
  const [userId, setUserId] = useState<string | null>(null);
  const [permission, setPermission] = useState("");
  const [resourceId, setResourceId] = useState("");
  const [ip, setIp] = useState("");
  const [country, setCountry] = useState("");
  const [at, setAt] = useState("");
  const [error, setError] = useState<Record<string, string>>({});
  const mayCheckOthers = can("team:read");

  const options = useMemo(
    () => (members.data?.items ?? []).map((m) => ({ id: m.user.id, label: `${m.user.full_name} <${m.user.email}>` })),
    [members.data],
  );
  const who = options.find((o) => o.id === (userId ?? user?.id)) ?? null;

  const submit = () => {
    const errs: Record<string, string> = {};
    const p = PERMISSION.exec(permission.trim().toLowerCase());
    if (!p) errs.permission = "Write it as resource:action, e.g. leads:delete";
    if (country.trim() && !/^[A-Za-z]{2}$/.test(country.trim())) errs.country = "Use a two-letter country code";
    const when = at ? new Date(at) : null;
    if (when && Number.isNaN(when.getTime())) errs.at = "Not a date and time";
    setError(errs);
    if (!p || Object.keys(errs).length) return;
    const context = {
      ...(ip.trim() ? { ip: ip.trim() } : {}),
      ...(country.trim() ? { country: country.trim().toUpperCase() } : {}),
      ...(when ? { at: when.toISOString() } : {}),
    };
    const body: CheckRequest = {
      resource: p[1] as string,
      action: p[2] as string,
      ...(resourceId.trim() ? { resource_id: resourceId.trim() } : {}),
      ...(userId && userId !== user?.id ? { user_id: userId } : {}),
      ...(Object.keys(context).length ? { context } : {}),
    };
    check.mutate(body);
  };

  const result = check.data;
  return (
    <>
      <PageIntro
        dense
        question="Would this person be allowed, and what decides it?"
        summary="The server runs the real decision order: active user, rate limit, policies by priority, then direct, role and team grants. Nothing is changed or logged as a real request."
      />
      <Stack
        component="form"
        noValidate
        spacing={2}
        aria-label="Test a decision"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ maxWidth: 760 }}
      >
        <Autocomplete
          options={options}
          value={who}
          disabled={!mayCheckOthers}
          loading={members.isPending}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, o) => setUserId(o?.id ?? null)}
          renderInput={(params) => (
            <TextField
              {...params}
              label="User"
              helperText={
                mayCheckOthers ? "Leave as yourself, or pick a member" : "You can test your own access (checking others needs team:read)"
              }
            />
          )}
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label="Permission"
            required
            placeholder="leads:delete"
            value={permission}
            onChange={(e) => setPermission(e.target.value)}
            error={Boolean(error.permission)}
            helperText={error.permission ?? "resource:action"}
            sx={{ flex: 1 }}
          />
          <TextField label="Resource id (optional)" value={resourceId} onChange={(e) => setResourceId(e.target.value)} sx={{ flex: 1 }} />
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label="IP address (optional)"
            placeholder="203.0.113.7"
            value={ip}
            onChange={(e) => setIp(e.target.value)}
            sx={{ flex: 1 }}
          />
          <TextField
            label="Country (optional)"
            placeholder="US"
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            error={Boolean(error.country)}
            helperText={error.country}
            slotProps={{ htmlInput: { maxLength: 2 } }}
            sx={{ width: 170 }}
          />
          <TextField
            label="At (optional, your time)"
            type="datetime-local"
            value={at}
            onChange={(e) => setAt(e.target.value)}
            error={Boolean(error.at)}
            helperText={error.at}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 240 }}
          />
        </Stack>
        <Box>
          <Button type="submit" variant="contained" disabled={check.isPending}>
            {check.isPending ? "Checking…" : "Check"}
          </Button>
        </Box>
      </Stack>
      <Box sx={{ mt: 3, maxWidth: 760 }} aria-live="polite">
        {check.isError && <Alert severity="error">{errorMessage(check.error)}</Alert>}
        {result && (
          <Alert severity={result.allowed ? "success" : "error"} variant="outlined" data-testid="check-result">
            <AlertTitle>{result.allowed ? "Allowed" : "Denied"}</AlertTitle>
            <Typography variant="body2">
              <strong>Reason:</strong> {result.reason}
            </Typography>
            <Typography variant="body2">
              <strong>Decided by:</strong> {decidedBy(result)}
            </Typography>
          </Alert>
        )}
      </Box>
    </>
  );
}
