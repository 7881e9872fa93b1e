/** What a bulk campaign action did (§4): the campaigns it worked for and, apart, each failure with its reason. */
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText } from "@mui/material";
import type { BulkReport } from "../api/use-campaigns.ts";
import { ACTION_DONE } from "../lib/campaign-labels.ts";

const campaigns = (n: number) => (n === 1 ? "1 campaign" : `${n.toLocaleString()} campaigns`);

export function BulkReportDialog({ report, onClose }: { report: BulkReport | null; onClose: () => void }) {
  return (
    <Dialog open={report !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bulk-report-title">
      <DialogTitle id="bulk-report-title">Bulk action result</DialogTitle>
      <DialogContent>
        {report && (
          <Box sx={{ display: "grid", gap: 1.5 }}>
            {report.succeeded.length > 0 && (
              <Box>
                <Alert severity="success">{`${ACTION_DONE[report.action]}: ${campaigns(report.succeeded.length)}`}</Alert>
                <List dense aria-label="Succeeded">
                  {report.succeeded.map((c) => (
                    <ListItem key={c.id} disableGutters>
                      <ListItemText primary={c.name} />
                    </ListItem>
                  ))}
                </List>
              </Box>
            )}
            {report.failed.length > 0 && (
              <Box>
                <Alert severity="error">{`Failed: ${campaigns(report.failed.length)}`}</Alert>
                <List dense aria-label="Errors" sx={{ maxHeight: 280, overflow: "auto" }}>
                  {report.failed.map((f) => (
                    <ListItem key={f.id} disableGutters>
                      <ListItemText primary={f.name} secondary={f.error} />
                    </ListItem>
                  ))}
                </List>
              </Box>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
