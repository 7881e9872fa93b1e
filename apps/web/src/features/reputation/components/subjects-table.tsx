/** The sending domains and inboxes with their latest snapshot, worst first; a row picks the subject the chart shows. */
import {
  Card,
  CardContent,
  CardHeader,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { ReputationSubject } from "@prospector/contracts";
import { TablePager } from "../../../ui/table-pager/table-pager.tsx";
import type { Pager } from "../../../ui/table-pager/use-pager.ts";
import { pct, scoreColor } from "./reputation-format.ts";

interface Props {
  subjects: ReputationSubject[];
  total: number;
  pager: Pager;
  selected: string | null;
  onSelect: (s: ReputationSubject) => void;
  windowDays: number;
}

export const subjectKey = (s: Pick<ReputationSubject, "kind" | "id">) => `${s.kind}:${s.id}`;

export function SubjectsTable({ subjects, total, pager, selected, onSelect, windowDays }: Props) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="subjects-title">
      <CardHeader
        title="Domains and inboxes"
        subheader={`Latest day; rates over the last ${windowDays} days. Open alerts and the lowest scores first. Pick one to see its history.`}
        slotProps={{ title: { variant: "subtitle1", component: "h3", id: "subjects-title" } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <TableContainer sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Domains and inboxes">
            <TableHead>
              <TableRow>
                <TableCell>Subject</TableCell>
                <TableCell align="right">Score</TableCell>
                <TableCell align="right">7-day change</TableCell>
                <TableCell align="right">Sent ({windowDays} d)</TableCell>
                <TableCell align="right">Bounces</TableCell>
                <TableCell align="right">Complaints</TableCell>
                <TableCell align="right">Unsubscribes</TableCell>
                <TableCell>Blocklists</TableCell>
                <TableCell align="right">Open alerts</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {subjects.map((s) => {
                const p = s.latest;
                const key = subjectKey(s);
                return (
                  <TableRow
                    key={key}
                    hover
                    selected={selected === key}
                    onClick={() => onSelect(s)}
                    sx={{ cursor: "pointer" }}
                    aria-label={`${s.kind === "domain" ? "Domain" : "Inbox"} ${s.label}`}
                  >
                    <TableCell sx={{ minWidth: 200 }}>
                      <Chip size="small" variant="outlined" label={s.kind === "domain" ? "Domain" : "Inbox"} sx={{ mr: 1 }} />
                      {s.label}
                    </TableCell>
                    <TableCell align="right">
                      {p ? (
                        <Chip size="small" color={scoreColor(p.score)} label={p.score} />
                      ) : (
                        <Typography variant="body2" color="textSecondary">
                          not measured yet
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">
                      {s.score_change_7d === null ? "—" : s.score_change_7d > 0 ? `+${s.score_change_7d}` : String(s.score_change_7d)}
                    </TableCell>
                    <TableCell align="right">{p ? p.window_sent.toLocaleString() : "—"}</TableCell>
                    <TableCell align="right">{p ? pct(p.bounce_rate) : "—"}</TableCell>
                    <TableCell align="right">{p ? pct(p.complaint_rate) : "—"}</TableCell>
                    <TableCell align="right">{p ? pct(p.unsubscribe_rate) : "—"}</TableCell>
                    <TableCell>
                      {!p || p.listed_on === null ? (
                        "—"
                      ) : p.listed_on.length ? (
                        <Chip size="small" color="error" label={`Listed: ${p.listed_on.join(", ")}`} />
                      ) : (
                        "None"
                      )}
                    </TableCell>
                    <TableCell align="right">{s.open_alerts ? <Chip size="small" color="error" label={s.open_alerts} /> : 0}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePager pager={pager} count={total} />
      </CardContent>
    </Card>
  );
}
