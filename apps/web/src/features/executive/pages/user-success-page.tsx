/**
 * /user-success: Has each member of the workspace set up and used what they need? Each member's
 * adoption checklist computed from their own records — verified email, two-factor, profile,
 * inbox, leads, campaign created and launched, a reply, a deal, and (admins) a teammate — with the
 * date each step was first done, completion, last activity and where each step is done.
 */
import { Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Tooltip, Typography } from "@mui/material";
import type { MemberAdoption } from "@prospector/contracts";
import { Link as RouterLink } from "react-router";
import { LoadError } from "../../../ui/load-error.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useUserSuccess } from "../api/use-executive.ts";
import { count, dateOnly, dateTime } from "../components/executive-format.ts";

const QUESTION = "Has each member of the workspace set up and used what they need?";

function MemberCard({ m, rules }: { m: MemberAdoption; rules: Record<string, string> }) {
  const percent = Math.round(m.completion * 100);
  return (
    <Card variant="outlined" component="article" aria-label={m.name}>
      <CardContent>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "baseline", justifyContent: "space-between" }}>
          <Box>
            <Typography variant="subtitle1" component="h3">
              {m.name}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {m.role} · {m.email} · joined {dateOnly(m.joined_at)} · last active {m.last_active_at ? dateTime(m.last_active_at) : "never"}
            </Typography>
          </Box>
          <Typography variant="body2" aria-label={`${m.name}: ${m.done} of ${m.applicable} steps`}>
            {m.done} of {m.applicable} steps · {percent}%
          </Typography>
        </Box>
        <LinearProgress variant="determinate" value={percent} sx={{ my: 1 }} aria-label={`${m.name} completion`} />
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
          {m.steps.map((s) => (
            <Tooltip key={s.key} title={rules[s.key] ?? ""}>
              {s.done ? (
                <Chip
                  color="success"
                  size="small"
                  label={`✓ ${s.label}${s.first_done_at ? ` · ${dateOnly(s.first_done_at)}` : s.dated ? "" : " · date not kept"}`}
                />
              ) : (
                <Chip variant="outlined" size="small" component={RouterLink} to={s.link} clickable label={`${s.label}: not yet`} />
              )}
            </Tooltip>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

export default function UserSuccessPage() {
  const q = useUserSuccess();
  const pages = q.data?.pages ?? [];
  const first = pages[0];
  const members = pages.flatMap((p) => p.members);
  const everyone = members.length > 0 ? members.reduce((s, m) => s + m.completion, 0) / members.length : 0;
  return (
    <Stack spacing={2}>
      <PageIntro
        title="User Success"
        question={QUESTION}
        summary={
          first
            ? `${count(first.total)} members · average completion ${Math.round(everyone * 100)}% of the members shown · from each member's own records, now`
            : undefined
        }
      />
      {q.isPending && <LoadingScreen />}
      {q.isError && <LoadError error={q.error} onRetry={() => q.refetch()} />}
      {first && members.length === 0 && (
        <EmptyState title="No members yet" hint="Invite teammates from Team → Members; each one's checklist appears here.">
          <Button component={RouterLink} to="/team/members" variant="contained">
            Invite teammates
          </Button>
        </EmptyState>
      )}
      {members.map((m) => (
        <MemberCard key={m.user_id} m={m} rules={first?.rules ?? {}} />
      ))}
      {q.hasNextPage && (
        <Box>
          <Button onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? "Loading…" : `Load more (${members.length} of ${count(first?.total ?? 0)})`}
          </Button>
        </Box>
      )}
      {first && (
        <Box component="section" aria-label="How each step is decided">
          <Typography variant="subtitle2" component="h3">
            How each step is decided
          </Typography>
          {Object.entries(first.rules).map(([k, text]) => (
            <Typography key={k} variant="body2" color="textSecondary">
              <strong>{k.replaceAll("_", " ")}</strong>: {text}
            </Typography>
          ))}
        </Box>
      )}
    </Stack>
  );
}
