/**
 * One decision: the question and context, each option with its tally bar and a vote button, who
 * voted what, the linked records (to their pages; a deleted one says so), the outcome or the
 * reason it was cancelled, the actions the caller may take, and the thread with a comment box.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import type { Decision } from "@prospector/contracts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { LoadError } from "../../../ui/load-error.tsx";
import { useComment, useDecision, useDecisionThread, useVote } from "../api/use-decisions.ts";
import { DecideDialog, ReasonDialog } from "./decide-dialog.tsx";
import { DecisionFormDialog } from "./decision-form-dialog.tsx";
import { eventText, LINK_LABEL, linkHref, STATUS_COLOR, STATUS_LABEL } from "./decision-format.ts";

export function DecisionDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const decision = useDecision(id);
  if (decision.isPending) return <LinearProgress aria-label="Loading the decision" />;
  if (decision.isError) return <LoadError error={decision.error} onRetry={() => void decision.refetch()} />;
  return <DecisionView d={decision.data} onBack={onBack} />;
}

function DecisionView({ d, onBack }: { d: Decision; onBack: () => void }) {
  const vote = useVote(d.id);
  const [comment, setComment] = useState("");
  const [dialog, setDialog] = useState<"decide" | "reopen" | "cancel" | "edit" | null>(null);
  const total = d.votes.length;
  const optionLabel = (optionId: string) => d.options.find((o) => o.id === optionId)?.label ?? "an option";

  return (
    <Stack spacing={2}>
      <Box>
        <Button onClick={onBack} size="small">
          ← All decisions
        </Button>
      </Box>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="h6" component="h3" sx={{ flex: 1, minWidth: 240 }}>
          {d.question}
        </Typography>
        <Chip label={STATUS_LABEL[d.status]} color={STATUS_COLOR[d.status]} size="small" />
        {d.can_manage && d.status === "open" && (
          <>
            <Button variant="contained" onClick={() => setDialog("decide")}>
              Decide
            </Button>
            <Button onClick={() => setDialog("edit")}>Edit</Button>
            <Button onClick={() => setDialog("cancel")}>Cancel decision</Button>
          </>
        )}
        {d.can_manage && d.status !== "open" && (
          <Button variant="outlined" onClick={() => setDialog("reopen")}>
            Reopen
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="textSecondary">
        Asked by {d.created_by?.name ?? "a former member"} on {formatDateTime(d.created_at)}
        {d.due_at ? ` · vote by ${formatDateTime(d.due_at)}` : ""} · {total} of {d.voters} member{d.voters === 1 ? "" : "s"} voted
      </Typography>
      {d.context && <Typography sx={{ whiteSpace: "pre-wrap" }}>{d.context}</Typography>}

      {d.outcome && (
        <Alert severity="success" role="status" aria-label="Outcome">
          <Typography sx={{ fontWeight: 600 }}>Decided: {d.outcome.label}</Typography>
          <Typography sx={{ whiteSpace: "pre-wrap" }}>{d.outcome.rationale}</Typography>
          <Typography variant="caption">
            by {d.outcome.decided_by?.name ?? "a former member"}, {formatDateTime(d.outcome.decided_at)}
          </Typography>
        </Alert>
      )}
      {d.status === "cancelled" && (
        <Alert severity="info">
          Cancelled{d.cancel_reason ? `: ${d.cancel_reason}` : ""}. It can be reopened by its creator or an administrator.
        </Alert>
      )}

      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h4" gutterBottom>
            Options
          </Typography>
          {d.can_vote && (
            <TextField
              label="Comment with your vote (optional)"
              size="small"
              fullWidth
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              sx={{ mb: 2 }}
            />
          )}
          <Stack spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Options">
            {d.options.map((o) => {
              const share = total ? Math.round((o.votes / total) * 100) : 0;
              const mine = d.my_vote === o.id;
              const chosen = d.outcome?.option_id === o.id;
              return (
                <Box component="li" key={o.id} aria-label={o.label}>
                  <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
                    <Typography sx={{ flex: 1, fontWeight: chosen ? 700 : 500 }}>
                      {o.label}
                      {chosen ? " ✓" : ""}
                    </Typography>
                    <Typography variant="body2" color="textSecondary">
                      {o.votes} vote{o.votes === 1 ? "" : "s"} ({share}%)
                    </Typography>
                    {mine && <Chip size="small" color="primary" label="Your vote" />}
                    {d.can_vote && !mine && (
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={vote.isPending}
                        onClick={() =>
                          vote.mutate(
                            { option_id: o.id, ...(comment.trim() ? { comment: comment.trim() } : {}) },
                            { onSuccess: () => setComment("") },
                          )
                        }
                      >
                        {d.my_vote ? "Change vote to this" : "Vote"}
                      </Button>
                    )}
                  </Box>
                  {o.description && (
                    <Typography variant="body2" color="textSecondary">
                      {o.description}
                    </Typography>
                  )}
                  <LinearProgress
                    variant="determinate"
                    value={share}
                    sx={{ mt: 0.5, height: 8, borderRadius: 1, bgcolor: "action.selected" }}
                    aria-label={`${o.label}: ${share}% of the votes`}
                  />
                </Box>
              );
            })}
          </Stack>
          {d.can_vote && d.my_vote && (
            <Button size="small" sx={{ mt: 1 }} disabled={vote.isPending} onClick={() => vote.mutate(null)}>
              Withdraw my vote
            </Button>
          )}
          {!d.can_vote && d.status === "open" && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              Viewers read the decision log; voting needs another role.
            </Typography>
          )}
          {vote.error && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errorMessage(vote.error)}
            </Alert>
          )}
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle1" component="h4" gutterBottom>
            Votes
          </Typography>
          {d.votes.length === 0 ? (
            <Typography color="textSecondary">Nobody has voted yet.</Typography>
          ) : (
            <List dense aria-label="Who voted what">
              {d.votes.map((v) => (
                <ListItem key={v.user.id} disableGutters>
                  <ListItemText
                    primary={`${v.user.name}: ${optionLabel(v.option_id)}`}
                    secondary={[v.comment, formatDateTime(v.updated_at)].filter(Boolean).join(" · ")}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>

      {d.links.length > 0 && (
        <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", alignItems: "center" }} aria-label="Linked records">
          <Typography variant="body2" color="textSecondary" sx={{ mr: 1 }}>
            Linked:
          </Typography>
          {d.links.map((l) =>
            l.deleted ? (
              <Chip key={`${l.kind}:${l.id}`} size="small" variant="outlined" label={`${LINK_LABEL[l.kind]}: deleted`} />
            ) : (
              <Chip
                key={`${l.kind}:${l.id}`}
                size="small"
                clickable
                component={RouterLink}
                to={linkHref(l.kind, l.id)}
                label={`${LINK_LABEL[l.kind]}: ${l.name}`}
              />
            ),
          )}
        </Box>
      )}

      <Thread id={d.id} canComment={d.can_comment} />

      {dialog === "edit" && <DecisionFormDialog decision={d} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />}
      {dialog === "decide" && <DecideDialog decision={d} onClose={() => setDialog(null)} />}
      {(dialog === "reopen" || dialog === "cancel") && <ReasonDialog decision={d} mode={dialog} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

function Thread({ id, canComment }: { id: string; canComment: boolean }) {
  const thread = useDecisionThread(id);
  const post = useComment(id);
  const [text, setText] = useState("");
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h4" gutterBottom>
          Thread
        </Typography>
        {thread.isError && <LoadError error={thread.error} onRetry={() => void thread.refetch()} />}
        <List dense aria-label="Thread">
          {(thread.data?.items ?? []).map((e) => (
            <ListItem key={e.id} disableGutters alignItems="flex-start">
              <ListItemText
                primary={eventText(e)}
                secondary={
                  <>
                    {e.body && (
                      <Typography component="span" variant="body2" sx={{ display: "block", whiteSpace: "pre-wrap" }} color="textPrimary">
                        {e.body}
                      </Typography>
                    )}
                    {formatDateTime(e.created_at)}
                  </>
                }
              />
            </ListItem>
          ))}
        </List>
        {canComment && (
          <Box
            component="form"
            sx={{ display: "flex", gap: 1, mt: 1 }}
            onSubmit={(e) => {
              e.preventDefault();
              if (!text.trim()) return;
              post.mutate(text.trim(), { onSuccess: () => setText("") });
            }}
          >
            <TextField label="Add a comment" size="small" fullWidth value={text} onChange={(e) => setText(e.target.value)} />
            <Button type="submit" disabled={post.isPending || !text.trim()}>
              Comment
            </Button>
          </Box>
        )}
        {post.error && <Alert severity="error">{errorMessage(post.error)}</Alert>}
      </CardContent>
    </Card>
  );
}
