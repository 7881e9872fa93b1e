/**
 * /team/activity: what has happened in this workspace, newest first. Filters by kind, member and
 * date range (kept in the address, so a filtered view can be shared); "Load more" follows the
 * server's keyset cursor. Each item links to its subject when it has a page.
 */
import { Box, Button, Card, CardContent, LinearProgress, TextField, Typography } from "@mui/material";
import { useSearchParams } from "react-router";
import { FilterSelect } from "../../../ui/filter-select.tsx";
import { LoadingScreen } from "../../../ui/loading-screen.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { type ActivityFilters, useActivity } from "../api/use-activity.ts";
import { useMembers } from "../api/use-members.ts";
import { useTeamContext } from "../api/use-team-context.ts";
import { ActivityList } from "../components/activity-list.tsx";
import { LoadError, NoWorkspace } from "../components/team-states.tsx";
import { ACTIVITY_KIND_FILTERS } from "../lib/team-labels.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-mm-dd from a date input as the start (or end) of that day in the user's time zone, ISO. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!DATE.test(day)) return undefined;
  const d = new Date(`${day}T00:00:00`);
  if (Number.isNaN(d.getTime())) return undefined;
  if (end) d.setDate(d.getDate() + 1);
  return d.toISOString();
}

function Feed({ workspaceId }: { workspaceId: string }) {
  const [params, setParams] = useSearchParams();
  const kind = params.get("kind") ?? "";
  const actor = params.get("actor") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const rangeError = from && to && from > to ? "The end date is before the start date" : null;
  const filters: ActivityFilters = {
    kind: kind || undefined,
    actor_id: actor || undefined,
    since: dayBound(from, false),
    // The end day is included: the feed runs to the start of the next day.
    until: dayBound(to, true),
  };
  const members = useMembers(workspaceId);
  const activity = useActivity(rangeError ? undefined : workspaceId, filters);
  const items = activity.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(kind || actor || from || to);
  const pick = (key: string) => (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const set = (key: string) => (e: { target: { value: string } }) => pick(key)(e.target.value);

  return (
    <>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }} role="search" aria-label="Filter activity">
        <FilterSelect label="What" value={kind} onChange={pick("kind")} options={ACTIVITY_KIND_FILTERS} minWidth={220} />
        <FilterSelect
          label="Who"
          value={members.data?.some((m) => m.user.id === actor) ? actor : ""}
          onChange={pick("actor")}
          anyLabel="Anyone"
          options={(members.data ?? []).map((m) => ({ value: m.user.id, label: m.user.full_name || m.user.email }))}
          minWidth={220}
        />
        <TextField size="small" type="date" label="From" value={from} onChange={set("from")} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField
          size="small"
          type="date"
          label="To"
          value={to}
          onChange={set("to")}
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(rangeError)}
          helperText={rangeError ?? undefined}
        />
        {filtered && (
          <Button onClick={() => setParams(new URLSearchParams(), { replace: true })} size="small">
            Clear filters
          </Button>
        )}
      </Box>
      <Card variant="outlined">
        <CardContent sx={{ display: "grid", gap: 1 }}>
          {activity.isPending && !rangeError && <LinearProgress aria-label="Loading activity" />}
          {activity.isError && <LoadError error={activity.error} onRetry={() => activity.refetch()} what="the activity" />}
          {activity.data &&
            (items.length === 0 ? (
              filtered ? (
                <Typography color="textSecondary">Nothing matches these filters. Widen the dates or clear the filters.</Typography>
              ) : (
                <EmptyState
                  title="Nothing has happened yet"
                  hint="Invitations, members joining or leaving, role changes, workspace changes and team events are recorded here as they happen."
                />
              )
            ) : (
              <>
                <ActivityList items={items} label="Activity" />
                {activity.hasNextPage ? (
                  <Box>
                    <Button onClick={() => activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
                      {activity.isFetchingNextPage ? "Loading…" : "Load more"}
                    </Button>
                  </Box>
                ) : (
                  <Typography variant="body2" color="textSecondary">
                    {`${items.length} event${items.length === 1 ? "" : "s"}: that is everything${filtered ? " for these filters" : ""}.`}
                  </Typography>
                )}
              </>
            ))}
        </CardContent>
      </Card>
    </>
  );
}

export function TeamActivityPage() {
  const { status, workspaceId } = useTeamContext();
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <PageIntro title="Activity" question="What has happened in this workspace?" />
      {status === "loading" && <LoadingScreen />}
      {status !== "loading" && !workspaceId && <NoWorkspace />}
      {workspaceId && <Feed workspaceId={workspaceId} />}
    </Box>
  );
}
export default TeamActivityPage;
