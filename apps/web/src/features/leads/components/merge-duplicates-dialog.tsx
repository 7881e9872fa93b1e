/**
 * Merge duplicates: a dry run first lists each group (matched by email, or by name and company
 * domain) with the lead that stays and the values it will end with; confirming merges them all.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from "@mui/material";
import type { DuplicateGroup } from "@prospector/contracts";
import { useEffect } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { useMergeDuplicates } from "../api/use-lead-quality.ts";
import { fieldLabel, leadName } from "../lib/lead-labels.ts";

const SHOWN_FIELDS = ["email", "company_name", "role", "phone", "website", "city"] as const;

function GroupCard({ group }: { group: DuplicateGroup }) {
  const m = group.merged;
  const count = group.merge_ids.length + 1;
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: "grid", gap: 1 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <Typography sx={{ fontWeight: 600, flex: 1 }}>{leadName(m)}</Typography>
          <Chip size="small" label={group.match === "email" ? "Same email" : "Same name and company"} />
          <Chip size="small" color="primary" variant="outlined" label={`${count} leads → 1`} />
        </Box>
        <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.25 }}>
          {SHOWN_FIELDS.filter((f) => m[f]).map((f) => (
            <Box key={f} sx={{ display: "contents" }}>
              <Typography component="dt" variant="body2" color="textSecondary">
                {fieldLabel(f)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {m[f]}
                {group.taken_from[f] && group.taken_from[f] !== group.keep_id ? " (from a duplicate)" : ""}
              </Typography>
            </Box>
          ))}
          {m.tags.length > 0 && (
            <Box sx={{ display: "contents" }}>
              <Typography component="dt" variant="body2" color="textSecondary">
                Tags
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {m.tags.join(", ")}
              </Typography>
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

export function MergeDuplicatesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dryRun = useMergeDuplicates();
  const merge = useMergeDuplicates();
  const { mutate: runDry, reset: resetDry } = dryRun;
  const { reset: resetMerge } = merge;

  useEffect(() => {
    if (open) runDry(true);
    else {
      resetDry();
      resetMerge();
    }
  }, [open, runDry, resetDry, resetMerge]);

  const plan = dryRun.data;
  const done = merge.data;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Merge duplicates</DialogTitle>
      <DialogContent dividers sx={{ display: "grid", gap: 1.5 }}>
        {dryRun.isPending && <LoadingScreen />}
        {dryRun.isError && <Alert severity="error">{errorMessage(dryRun.error)}</Alert>}
        {done && (
          <Alert severity="success">
            {`Merged ${done.merged_leads.toLocaleString()} duplicate leads in ${done.group_count.toLocaleString()} groups. What was merged is kept in the audit log.`}
          </Alert>
        )}
        {merge.isError && <Alert severity="error">{errorMessage(merge.error)}</Alert>}
        {plan && !done && plan.group_count === 0 && <Alert severity="success">No duplicates found: every lead is unique.</Alert>}
        {plan && !done && plan.group_count > 0 && (
          <>
            <Typography variant="body2">
              {`${plan.group_count.toLocaleString()} groups of duplicates. In each group one lead stays, filled with the most complete values of the others; tags are combined and campaign membership and activity move to it.`}
            </Typography>
            {plan.group_count > plan.groups.length && (
              <Typography variant="body2" color="textSecondary">{`Showing the first ${plan.groups.length} groups.`}</Typography>
            )}
            <Stack spacing={1.5} aria-label="Duplicate groups">
              {plan.groups.map((g) => (
                <GroupCard key={g.keep_id} group={g} />
              ))}
            </Stack>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{done ? "Close" : "Cancel"}</Button>
        {plan && !done && plan.group_count > 0 && (
          <Button variant="contained" onClick={() => merge.mutate(false)} disabled={merge.isPending}>
            {merge.isPending ? "Merging…" : `Merge ${plan.group_count} groups`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
