/**
 * Wizard step 4: who gets the campaign. The members (with remove) and a picker over the lead list
 * (search, status); adding reports the leads the server skipped and why.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardHeader,
  Checkbox,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { type CampaignLeadsResult, LeadStatus } from "@prospector/contracts";
import { useState } from "react";
import { useDebounced } from "../../../../lib/use-debounced.ts";
import { TablePager } from "../../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../../ui/table-pager/use-pager.ts";
import { useLeadList } from "../../../leads/api/use-leads.ts";
import { STATUS_LABELS as LEAD_STATUS_LABELS } from "../../../leads/lib/lead-labels.ts";
import { useCampaignLeads, useCampaignMembership } from "../../api/use-campaign-details.ts";
import { LEAD_STATE_LABELS } from "../../lib/campaign-labels.ts";

const name = (l: { first_name: string | null; last_name: string | null; email: string | null }) =>
  [l.first_name, l.last_name].filter(Boolean).join(" ") || l.email || "(no name)";

export function LeadsStep({ campaignId, locked }: { campaignId: string; locked: boolean }) {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const [result, setResult] = useState<{ op: "add" | "remove"; r: CampaignLeadsResult } | null>(null);
  const debounced = useDebounced(search, 300);
  const poolPager = usePager({ perPageOptions: [25], resetKeys: [search, status] });
  const pool = useLeadList({
    search: debounced.trim() || undefined,
    status: status ? [status] : undefined,
    skip: poolPager.page * poolPager.perPage,
    limit: poolPager.perPage,
  });
  const memberPager = usePager({ perPageOptions: [20] });
  const members = useCampaignLeads(campaignId, memberPager.page + 1, memberPager.perPage);
  const membership = useCampaignMembership(campaignId);
  const memberIds = new Set((members.data?.leads ?? []).map((l) => l.lead_id));

  const change = (op: "add" | "remove", leadIds: string[]) =>
    membership.mutate(
      { op, leadIds },
      {
        onSuccess: (r) => {
          setResult({ op, r });
          op === "add" && setPicked([]);
        },
      },
    );
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));

  return (
    <Stack spacing={2}>
      {locked && <Alert severity="info">Leads cannot be added to or removed from a stopped or completed campaign.</Alert>}
      {membership.isError && <Alert severity="error">{membership.error.message}</Alert>}
      {result && (
        <Alert severity={result.r.skipped.length ? "warning" : "success"} onClose={() => setResult(null)}>
          <Typography variant="body2">
            {result.op === "add" ? `Added ${result.r.added?.length ?? 0}` : `Removed ${result.r.removed?.length ?? 0}`}
            {` · ${result.r.total_leads} leads in the campaign`}
            {result.r.skipped.length ? ` · skipped ${result.r.skipped.length}:` : ""}
          </Typography>
          {result.r.skipped.length > 0 && (
            <List dense aria-label="Skipped leads" disablePadding>
              {result.r.skipped.map((s) => {
                const l = pool.data?.items.find((x) => x.id === s.id);
                return (
                  <ListItem key={s.id} disableGutters sx={{ py: 0 }}>
                    <ListItemText
                      primary={`${l ? name({ first_name: l.first_name, last_name: l.last_name, email: l.email }) : s.id}: ${s.reason}`}
                    />
                  </ListItem>
                );
              })}
            </List>
          )}
        </Alert>
      )}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
        <Card variant="outlined">
          <CardHeader title="Pick leads" subheader="From your lead list" slotProps={{ title: { variant: "subtitle1" } }} />
          <Box sx={{ display: "flex", gap: 1, px: 2, flexWrap: "wrap" }}>
            <TextField
              size="small"
              label="Search leads"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ flex: 1, minWidth: 180 }}
            />
            <TextField select size="small" label="Status" value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 140 }}>
              <MenuItem value="">Any</MenuItem>
              {LeadStatus.options.map((s) => (
                <MenuItem key={s} value={s}>
                  {LEAD_STATUS_LABELS[s] ?? s}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          {pool.isError ? (
            <Typography color="error" sx={{ p: 2 }}>
              {pool.error.message}
            </Typography>
          ) : pool.data?.items.length === 0 ? (
            <Typography color="textSecondary" sx={{ p: 2 }}>
              No leads match. Add or import leads on the Leads page.
            </Typography>
          ) : (
            <List dense aria-label="Lead list">
              {(pool.data?.items ?? []).map((l) => {
                const inCampaign = l.campaign_id === campaignId || memberIds.has(l.id);
                return (
                  <ListItem key={l.id} disablePadding>
                    <ListItemButton onClick={() => toggle(l.id)} disabled={locked || inCampaign}>
                      <ListItemIcon>
                        <Checkbox
                          edge="start"
                          checked={picked.includes(l.id) || inCampaign}
                          tabIndex={-1}
                          disableRipple
                          slotProps={{ input: { "aria-label": `Pick ${name(l)}` } }}
                        />
                      </ListItemIcon>
                      <ListItemText
                        primary={name(l)}
                        secondary={[l.email ?? "no email", l.company_name, inCampaign ? "in this campaign" : null]
                          .filter(Boolean)
                          .join(" · ")}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
          <Box sx={{ display: "flex", alignItems: "center", px: 2, pb: 1, flexWrap: "wrap" }}>
            <Button
              variant="contained"
              disabled={locked || picked.length === 0 || membership.isPending}
              onClick={() => change("add", picked)}
            >
              {`Add ${picked.length || ""} to campaign`.replace("  ", " ")}
            </Button>
            <TablePager pager={poolPager} count={pool.data?.total ?? 0} sx={{ ml: "auto" }} />
          </Box>
        </Card>
        <Card variant="outlined">
          <CardHeader
            title="In this campaign"
            subheader={members.data ? `${members.data.total} leads` : " "}
            slotProps={{ title: { variant: "subtitle1" } }}
          />
          {members.data?.leads.length === 0 ? (
            <Typography color="textSecondary" sx={{ p: 2 }}>
              No leads yet: pick some on the left.
            </Typography>
          ) : (
            <List dense aria-label="Campaign members">
              {(members.data?.leads ?? []).map((l) => (
                <ListItem
                  key={l.lead_id}
                  secondaryAction={
                    <Button
                      size="small"
                      color="error"
                      disabled={locked || membership.isPending}
                      onClick={() => change("remove", [l.lead_id])}
                      aria-label={`Remove ${name(l)}`}
                    >
                      Remove
                    </Button>
                  }
                >
                  <ListItemText primary={name(l)} secondary={`${l.email ?? "no email"} · ${LEAD_STATE_LABELS[l.state]}`} />
                </ListItem>
              ))}
            </List>
          )}
          <TablePager pager={memberPager} count={members.data?.total ?? 0} />
        </Card>
      </Box>
    </Stack>
  );
}
