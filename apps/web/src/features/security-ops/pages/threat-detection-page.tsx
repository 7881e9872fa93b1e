/**
 * /security/threat-detection, /security/threat-detection-new, /threat-detection/dashboard: Is anyone attacking our accounts or API keys, and what did they try?
 * The alerts queue with each alert's evidence, the detection runs and the rules (docs/security-operations.md).
 */
import { Alert, Box, Button, Card, CardContent, Stack } from "@mui/material";
import { AlertSeverity, AlertStatus, SecurityRuleId } from "@prospector/contracts";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { type AlertFilters, useAlerts } from "../api/use-threats.ts";
import { ThreatAlertsTable } from "../components/threat-alerts-table.tsx";
import { ThreatEvidenceDrawer } from "../components/threat-evidence-drawer.tsx";
import { RULE_LABEL, STATUS_LABEL } from "../components/threat-format.ts";
import { ThreatRulesCard } from "../components/threat-rules-card.tsx";
import { ThreatRunCard } from "../components/threat-run-card.tsx";
import { ThreatSignInLog } from "../components/threat-sign-in-log.tsx";

const QUESTION = "Is anyone attacking our accounts or API keys, and what did they try?";

/** "new": only the alerts nobody has acknowledged yet (docs/security-operations.md, "One page, three routes"). */
export default function ThreatDetectionPage({ variant = "all" }: { variant?: "all" | "new" }) {
  const { can } = usePermissions();
  const canUpdate = can("security:update");
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<AlertFilters>({});
  const [cursors, setCursors] = useState<string[]>([]);
  const effective: AlertFilters = variant === "new" ? { ...filters, status: "new" } : filters;
  const alerts = useAlerts(effective, cursors.at(-1));
  const openId = params.get("alert");
  const setFilter = (patch: AlertFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setCursors([]);
  };
  const open = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set("alert", id);
        else p.delete("alert");
        return p;
      },
      { replace: true },
    );
  const items = alerts.data?.items ?? [];

  return (
    <Stack spacing={3}>
      <PageIntro
        question={QUESTION}
        summary={
          variant === "new"
            ? "New alerts only: nobody has acknowledged them yet."
            : "Alerts from the detection rules over sign-ins, API key use and privilege changes."
        }
      />
      <ThreatRunCard canRun={canUpdate} />
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", mb: 2 }}>
            {variant === "all" && (
              <FilterSelect
                label="Status"
                value={filters.status ?? ""}
                anyLabel="Any status"
                options={AlertStatus.options.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
                onChange={(v) => setFilter({ status: (v || undefined) as AlertFilters["status"] })}
              />
            )}
            <FilterSelect
              label="Rule"
              value={filters.rule ?? ""}
              anyLabel="Any rule"
              minWidth={200}
              options={SecurityRuleId.options.map((r) => ({ value: r, label: RULE_LABEL[r] }))}
              onChange={(v) => setFilter({ rule: (v || undefined) as AlertFilters["rule"] })}
            />
            <FilterSelect
              label="Severity"
              value={filters.severity ?? ""}
              anyLabel="Any severity"
              options={AlertSeverity.options.map((s) => ({ value: s, label: s }))}
              onChange={(v) => setFilter({ severity: (v || undefined) as AlertFilters["severity"] })}
            />
          </Box>
          {alerts.error && <Alert severity="error">{errorMessage(alerts.error)}</Alert>}
          {alerts.data && items.length === 0 && cursors.length === 0 ? (
            <EmptyState
              title={variant === "new" ? "No new alerts" : "No alerts"}
              hint="Alerts appear when a rule matches: failed sign-ins through the sign-in page, API key calls and role changes are recorded as they happen, and detection runs every minute (or now, with Run detection now)."
            />
          ) : (
            <ThreatAlertsTable alerts={items} onOpen={open} />
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: "flex-end" }}>
            <Button disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
              Previous
            </Button>
            <Button
              disabled={!alerts.data?.next_cursor}
              onClick={() => alerts.data?.next_cursor && setCursors((c) => [...c, alerts.data.next_cursor as string])}
            >
              Next
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <ThreatSignInLog />
      <ThreatRulesCard canUpdate={canUpdate} />
      <ThreatEvidenceDrawer alertId={openId} canUpdate={canUpdate} onClose={() => open(null)} />
    </Stack>
  );
}
