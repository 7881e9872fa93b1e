/** Whom to contact next: leads ranked by the model's probability, with their top reasons, a keyset page at a time. */
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from "@mui/material";
import type { LeadContribution, LeadScoreModelSummary } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { timeAgo } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { usePredictions } from "../api/use-lead-scoring.ts";
import { auc, aucReading, modelLine, pct, signed } from "./lead-scoring-format.ts";

const PER_PAGE = 25;

export function RankedLeads({ model }: { model: LeadScoreModelSummary & { scored_at: string | null } }) {
  const [uncontacted, setUncontacted] = useState(true);
  // The cursors of the pages before this one (keyset paging goes forward; back is the stack).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const q = usePredictions({ uncontacted, limit: PER_PAGE, cursor }, true);
  const page = q.data;
  const first = (cursors.length - 1) * PER_PAGE;
  // On a phone the reasons go under the lead: four columns do not fit in 390 px.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <Card variant="outlined" component="section" aria-labelledby="ranked-title">
      <CardHeader
        title={uncontacted ? "Uncontacted leads, most likely to reply first" : "All leads, most likely to reply first"}
        subheader={`${modelLine(model)}. Cross-validated AUC ${auc(model.cv_auc)} (${aucReading(model.cv_auc)}; 0.5 is chance). Scores ${model.scored_at ? `refreshed ${timeAgo(model.scored_at)}` : "being computed"}.`}
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "ranked-title" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <FormControlLabel
          sx={{ mb: 1 }}
          control={
            <Switch
              checked={uncontacted}
              onChange={(e) => {
                setUncontacted(e.target.checked);
                setCursors([undefined]);
              }}
            />
          }
          label="Uncontacted only"
        />
        {q.error ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : !page ? (
          <Typography color="textSecondary">Loading the ranking…</Typography>
        ) : page.items.length === 0 ? (
          <Typography color="textSecondary" sx={{ py: 4, textAlign: "center" }}>
            {uncontacted
              ? "Every scored lead has been contacted. Import or find new leads: they are scored within minutes."
              : "No lead is scored yet: scores appear as soon as the model has run over the leads."}
          </Typography>
        ) : (
          <>
            <TableContainer>
              <Table size="small" aria-label="Leads ranked by predicted probability">
                <TableHead>
                  <TableRow>
                    {!narrow && <TableCell align="right">#</TableCell>}
                    <TableCell sx={{ minWidth: 180 }}>{narrow ? "Lead and top reasons (log-odds)" : "Lead"}</TableCell>
                    <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>Company and title</TableCell>
                    <TableCell align="right">Probability</TableCell>
                    {!narrow && <TableCell>Top reasons (log-odds)</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {page.items.map((l, i) => (
                    <TableRow key={l.lead_id}>
                      {!narrow && <TableCell align="right">{first + i + 1}</TableCell>}
                      <TableCell>
                        <Link component={RouterLink} to={`/leads?selected=${l.lead_id}`}>
                          {l.name ?? l.email ?? "Unnamed lead"}
                        </Link>
                        {l.name && l.email && (
                          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: "anywhere" }}>
                            {l.email}
                          </Typography>
                        )}
                        {narrow && (
                          <Box sx={{ mt: 0.5 }}>
                            <Reasons reasons={l.reasons} />
                          </Box>
                        )}
                      </TableCell>
                      <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>
                        {[l.company, l.title].filter(Boolean).join(" · ") || "—"}
                      </TableCell>
                      <TableCell align="right">{pct(l.probability)}</TableCell>
                      {!narrow && (
                        <TableCell>
                          <Reasons reasons={l.reasons} />
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: "center", justifyContent: "flex-end", flexWrap: "wrap" }}>
              <Typography variant="body2" color="textSecondary">
                {`${first + 1}–${first + page.items.length} of ${page.total.toLocaleString()}`}
              </Typography>
              <Button size="small" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous
              </Button>
              <Button size="small" disabled={!page.next_cursor} onClick={() => setCursors((c) => [...c, page.next_cursor ?? undefined])}>
                Next
              </Button>
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Reasons({ reasons }: { reasons: LeadContribution[] }) {
  if (reasons.length === 0) return <>Baseline only</>;
  return (
    <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
      {reasons.map((r) => (
        <Chip
          key={r.feature}
          size="small"
          variant="outlined"
          color={r.value >= 0 ? "success" : "default"}
          label={`${r.label} ${signed(r.value)}`}
        />
      ))}
    </Box>
  );
}
