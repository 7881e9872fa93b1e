/** /nurture-orchestration: Which leads are in which nurture sequence, and why did they enter or leave? */

import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Link, Stack, Typography } from "@mui/material";
import type { NurtureSequence } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import { usePager } from "../../../ui/table-pager/use-pager.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCampaignOptions, useDeleteSequence, useSequences } from "../api/use-automation.ts";
import { EnrollmentsTable } from "../components/enrollments-table.tsx";
import { SequenceDialog } from "../components/sequence-dialog.tsx";
import { EXITS } from "../lib/labels.ts";
import { triggerSummary } from "../lib/summary.ts";

export default function NurtureOrchestrationPage() {
  const toast = useToast();
  const pager = usePager({ perPageOptions: [10, 20, 50] });
  const sequences = useSequences({ page: pager.page + 1, per_page: pager.perPage });
  const all = useSequences({ page: 1, per_page: 100 });
  const campaigns = useCampaignOptions();
  const remove = useDeleteSequence();
  const [editing, setEditing] = useState<NurtureSequence | "new" | null>(null);
  const [deleting, setDeleting] = useState<NurtureSequence | null>(null);
  const [shown, setShown] = useState("");
  const campaignOptions = useMemo(() => (campaigns.data?.campaigns ?? []).map((c) => ({ id: c.id, name: c.name })), [campaigns.data]);
  const sequenceOptions = useMemo(() => (all.data?.sequences ?? []).map((s) => ({ id: s.id, name: s.name })), [all.data]);
  const campaignName = (id: string) => campaignOptions.find((c) => c.id === id)?.name ?? "a campaign";

  return (
    <Stack spacing={3}>
      <PageIntro
        question="Which leads are in which nurture sequence, and why did they enter or leave?"
        summary="A nurture sequence is a campaign with entry and exit rules: leads join it when the entry rule fires and leave, with the reason kept, when they reply, book a meeting, click, unsubscribe, bounce or time runs out."
        actions={
          <Button variant="contained" onClick={() => setEditing("new")}>
            New sequence
          </Button>
        }
      />
      {sequences.error ? (
        <Alert severity="error">{errorMessage(sequences.error)}</Alert>
      ) : sequences.data && sequences.data.total === 0 ? (
        <EmptyState
          title="No nurture sequence yet"
          hint="Pick a campaign whose emails nurture (or draft one), say which leads enter (e.g. opened 3× without a reply) and when they leave (replied, meeting booked, 14 days)."
        >
          <Button variant="contained" onClick={() => setEditing("new")}>
            Create a sequence
          </Button>
          <Button component={RouterLink} to="/campaigns/new">
            Draft a campaign first
          </Button>
        </EmptyState>
      ) : (
        <Box>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
            {(sequences.data?.sequences ?? []).map((s) => (
              <Card key={s.id} variant="outlined" component="section" aria-label={`Sequence ${s.name}`}>
                <CardContent>
                  <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                    <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
                      {s.name}
                    </Typography>
                    <Chip size="small" label={s.enabled ? "enrolling" : "paused"} color={s.enabled ? "success" : "default"} />
                  </Box>
                  <Typography variant="body2" color="textSecondary">
                    Emails from{" "}
                    <Link component={RouterLink} to={`/campaigns/${s.campaign_id}`}>
                      {s.campaign_name}
                    </Link>{" "}
                    ({s.campaign_status})
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 1 }}>
                    Enters: {triggerSummary(s.entry.trigger, campaignName)}
                    {s.entry.conditions.length
                      ? ` + ${s.entry.conditions.length} condition${s.entry.conditions.length === 1 ? "" : "s"}`
                      : ""}
                  </Typography>
                  <Typography variant="body2">
                    Leaves:{" "}
                    {s.exits
                      .map((x) =>
                        x.type === "after_days"
                          ? `after ${x.days} days`
                          : x.type === "lead_status"
                            ? `status ${x.status}`
                            : EXITS[x.type].toLowerCase(),
                      )
                      .join(", ")}
                  </Typography>
                  <Box sx={{ display: "flex", gap: 3, mt: 1.5 }} aria-label="Counts">
                    {[
                      ["Entered", s.entered],
                      ["In now", s.active],
                      ["Left", s.exited],
                    ].map(([label, n]) => (
                      <Box key={label}>
                        <Typography variant="h5" component="p">
                          {n}
                        </Typography>
                        <Typography variant="caption" color="textSecondary">
                          {label}
                        </Typography>
                      </Box>
                    ))}
                  </Box>
                  {Object.keys(s.exit_reasons).length > 0 && (
                    <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", mt: 1 }} aria-label="Why leads left">
                      {Object.entries(s.exit_reasons).map(([reason, n]) => (
                        <Chip key={reason} size="small" variant="outlined" label={`${reason}: ${n}`} />
                      ))}
                    </Box>
                  )}
                </CardContent>
                <CardActions>
                  <Button size="small" onClick={() => setShown(s.id)}>
                    Show its leads
                  </Button>
                  <Button size="small" onClick={() => setEditing(s)}>
                    Edit
                  </Button>
                  <Button size="small" color="error" onClick={() => setDeleting(s)}>
                    Delete
                  </Button>
                </CardActions>
              </Card>
            ))}
          </Box>
          {(sequences.data?.total ?? 0) > pager.perPage && <TablePager pager={pager} count={sequences.data?.total ?? 0} />}
        </Box>
      )}
      <EnrollmentsTable sequences={sequenceOptions} sequenceId={shown} onSequenceChange={setShown} />
      {editing && (
        <SequenceDialog sequence={editing === "new" ? null : editing} campaigns={campaignOptions} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title={`Delete "${deleting.name}"?`}
          confirmLabel="Delete sequence"
          danger
          pending={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : undefined}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success(`"${deleting.name}" deleted`);
                if (shown === deleting.id) setShown("");
                setDeleting(null);
              },
            })
          }
        >
          No lead enters it any more and its history goes. The campaign and its leads stay as they are.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
