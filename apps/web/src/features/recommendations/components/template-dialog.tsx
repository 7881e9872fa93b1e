/** A template's evidence (which campaigns, steps and variants sent it, with their figures) and "use this": add it as a step of a campaign. */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useState } from "react";
import { usePermissions } from "../../../app/permissions/permission-provider.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useEditableCampaigns, useTemplateDetail, useUseTemplate } from "../api/use-recommendations.ts";
import { count, rateWithInterval } from "./format.ts";

const VARIANT = "ABCDEFGHIJ";

export function TemplateDialog({ hash, days, onClose }: { hash: string | null; days: number; onClose: () => void }) {
  const { can } = usePermissions();
  const toast = useToast();
  const detail = useTemplateDetail(hash, days);
  const allowed = can("campaigns:update");
  const campaigns = useEditableCampaigns(Boolean(hash) && allowed);
  const use = useUseTemplate();
  const [campaignId, setCampaignId] = useState("");
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const d = detail.data;
  return (
    <Dialog open={Boolean(hash)} onClose={onClose} fullWidth fullScreen={phone} maxWidth="md" aria-labelledby="template-title">
      <DialogTitle id="template-title">{d ? `Template: ${d.subject || "(no subject)"}` : "Template"}</DialogTitle>
      <DialogContent>
        {detail.isError ? (
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        ) : !d ? (
          <Typography>Loading…</Typography>
        ) : (
          <>
            <Typography variant="body2" color="textSecondary">
              {count(d.sends)} sends, {count(d.replies)} replies: {rateWithInterval(d.estimate)} in the last {days} days.
            </Typography>
            <Box
              component="pre"
              sx={{
                whiteSpace: "pre-wrap",
                fontFamily: "inherit",
                bgcolor: "action.hover",
                p: 1.5,
                borderRadius: 1,
                my: 2,
                maxHeight: 240,
                overflow: "auto",
              }}
            >
              {d.body}
            </Box>
            <Box sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label="Where this template was sent">
                <TableHead>
                  <TableRow>
                    <TableCell>Campaign</TableCell>
                    <TableCell>Step</TableCell>
                    <TableCell align="right">Sends</TableCell>
                    <TableCell align="right">Replies</TableCell>
                    <TableCell align="right">Reply rate (95% interval)</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {d.evidence.map((e) => (
                    <TableRow key={`${e.campaign_id}:${e.step}:${e.variant}`}>
                      <TableCell>{e.campaign_name}</TableCell>
                      <TableCell>
                        {e.step}
                        {VARIANT[e.variant]}
                      </TableCell>
                      <TableCell align="right">{count(e.sends)}</TableCell>
                      <TableCell align="right">{count(e.replies)}</TableCell>
                      <TableCell align="right">{rateWithInterval(e.estimate)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {allowed ? (
              <TextField
                select
                size="small"
                label="Add as a step of"
                value={campaignId}
                onChange={(e) => setCampaignId(e.target.value)}
                sx={{ mt: 2, minWidth: 260 }}
                helperText="A draft, scheduled or paused campaign; the template becomes its last step, 3 days after the previous one."
              >
                {(campaigns.data?.campaigns ?? []).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
                Adding it to a campaign needs campaigns:update.
              </Typography>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {allowed && (
          <Button
            variant="contained"
            disabled={!campaignId || !hash || use.isPending}
            onClick={() =>
              hash &&
              use.mutate(
                { hash, campaign_id: campaignId, days },
                {
                  onSuccess: (r) => {
                    toast.success(`Added as step ${r.step} of "${r.campaign_name}"`);
                    onClose();
                  },
                  onError: (err) => toast.error(errorMessage(err)),
                },
              )
            }
          >
            Use this
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
