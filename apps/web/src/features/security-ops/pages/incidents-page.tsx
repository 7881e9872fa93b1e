/**
 * /security/incident-response, /threat-detection/incidents, /incident-management: Which incidents are
 * open, who owns them, and what has been done about them? (docs/security-incidents.md)
 */
import { Alert, Box, Button, Card, LinearProgress, Stack, Typography } from "@mui/material";
import type { IncidentKind, IncidentSeverity, IncidentStatus } from "@prospector/contracts";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { usePermissions, useWorkspace } from "../../../app/permissions/index.ts";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { LoadError } from "../../../ui/load-error.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useSession } from "../../auth/api/use-session.ts";
import { useMembers } from "../../team/api/use-members.ts";
import { type IncidentFilters, useIncidents } from "../api/use-incidents.ts";
import { IncidentCreateDialog } from "../components/incident-create-dialog.tsx";
import { IncidentDetailPanel } from "../components/incident-detail.tsx";
import { SEVERITY_LABEL, STATUS_LABEL } from "../components/incident-format.ts";
import { IncidentList } from "../components/incident-list.tsx";

const QUESTION = "Which incidents are open, who owns them, and what has been done about them?";

const STATUS_OPTIONS = (Object.keys(STATUS_LABEL) as IncidentStatus[]).map((s) => ({ value: s, label: STATUS_LABEL[s] }));
const SEVERITY_OPTIONS = (Object.keys(SEVERITY_LABEL) as IncidentSeverity[]).map((s) => ({ value: s, label: SEVERITY_LABEL[s] }));
const KIND_OPTIONS = [
  { value: "security", label: "Security" },
  { value: "operations", label: "Operations" },
];

/** "security": the security incidents; "all": security and operational (docs/security-incidents.md). */
export default function IncidentsPage({ variant = "security" }: { variant?: "security" | "all" }) {
  const [params, setParams] = useSearchParams();
  const { can } = usePermissions();
  const { current } = useWorkspace();
  const { user } = useSession();
  const members = useMembers(current?.id ?? user?.workspace?.id);
  const [status, setStatus] = useState("");
  const [severity, setSeverity] = useState("");
  const [kind, setKind] = useState("");
  const [assignee, setAssignee] = useState("");
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [creating, setCreating] = useState(false);

  const filters: IncidentFilters = {
    status: (status || undefined) as IncidentStatus | undefined,
    severity: (severity || undefined) as IncidentSeverity | undefined,
    kind: variant === "security" ? "security" : ((kind || undefined) as IncidentKind | undefined),
    assignee_id: assignee || undefined,
  };
  const cursor = cursors.at(-1);
  const list = useIncidents(filters, cursor);
  const selected = params.get("incident");
  const fromAlert = params.get("from_alert");
  const canCreate = can("incidents:create");
  const filtered = Boolean(status || severity || kind || assignee);

  const setFilter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setCursors([undefined]);
  };
  const open = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set("incident", id);
    else next.delete("incident");
    next.delete("from_alert");
    setParams(next);
  };

  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        actions={
          canCreate ? (
            <Button variant="contained" onClick={() => setCreating(true)}>
              {variant === "all" ? "New incident" : "New security incident"}
            </Button>
          ) : undefined
        }
      />
      {fromAlert && canCreate && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" onClick={() => setCreating(true)}>
              Open incident from alert
            </Button>
          }
        >
          You came here from a security alert. Open an incident from it to track the response; its title, severity and evidence come from
          the alert.
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap" }}>
        <FilterSelect label="Status" value={status} onChange={setFilter(setStatus)} options={STATUS_OPTIONS} anyLabel="Any status" />
        <FilterSelect
          label="Severity"
          value={severity}
          onChange={setFilter(setSeverity)}
          options={SEVERITY_OPTIONS}
          anyLabel="Any severity"
        />
        {variant === "all" && (
          <FilterSelect label="Kind" value={kind} onChange={setFilter(setKind)} options={KIND_OPTIONS} anyLabel="Any kind" />
        )}
        <FilterSelect
          label="Assignee"
          value={assignee}
          onChange={setFilter(setAssignee)}
          options={(members.data ?? []).map((m) => ({ value: m.user.id, label: m.user.full_name }))}
          anyLabel="Anyone"
          minWidth={180}
        />
      </Stack>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: selected ? "minmax(0, 5fr) minmax(0, 6fr)" : "1fr" } }}>
        <Card variant="outlined">
          {list.isLoading ? (
            <LinearProgress aria-label="Loading incidents" />
          ) : list.isError ? (
            <LoadError error={list.error} onRetry={() => list.refetch()} />
          ) : list.data && list.data.items.length > 0 ? (
            <>
              <Box sx={{ overflowX: "auto" }}>
                <IncidentList
                  items={list.data.items}
                  selected={selected}
                  showKind={variant === "all"}
                  compact={Boolean(selected)}
                  onOpen={open}
                />
              </Box>
              <Stack direction="row" spacing={1} sx={{ p: 1, justifyContent: "flex-end" }}>
                <Button size="small" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
                  Newer
                </Button>
                <Button
                  size="small"
                  disabled={!list.data.next_cursor}
                  onClick={() => setCursors((c) => [...c, list.data?.next_cursor ?? undefined])}
                >
                  Older
                </Button>
              </Stack>
            </>
          ) : (
            <Box sx={{ p: 2 }}>
              <EmptyState
                title={filtered ? "No incident matches these filters" : "No incidents yet"}
                hint={
                  filtered
                    ? "Clear a filter to see more."
                    : variant === "all"
                      ? "Open one with “New incident”, or from an alert on Threat Detection."
                      : "Open one from an alert on Threat Detection, or with “New security incident”."
                }
              />
            </Box>
          )}
        </Card>
        {selected && (
          <Box>
            <Stack direction="row" sx={{ justifyContent: "flex-end" }}>
              <Button size="small" onClick={() => open(null)}>
                Close panel
              </Button>
            </Stack>
            <IncidentDetailPanel id={selected} />
          </Box>
        )}
      </Box>
      {!canCreate && (
        <Typography variant="body2" color="textSecondary">
          You can follow and update incidents; opening one needs the incidents:create permission.
        </Typography>
      )}
      <IncidentCreateDialog
        open={creating}
        alertId={fromAlert}
        kinds={variant === "all" ? ["operations", "security"] : ["security"]}
        onClose={() => setCreating(false)}
        onCreated={(incident) => {
          setCreating(false);
          open(incident.id);
        }}
      />
    </Stack>
  );
}
