/** Saved calculator scenarios, newest first, in pages: load one into the form, rename or delete it. */
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type CalculatorInputs, projectPlan } from "@prospector/contracts";
import { useState } from "react";
import { errorMessage } from "../../../lib/errors.ts";
import { useScenarioActions, useScenarios } from "../api/use-optimization.ts";

export function ScenarioList({
  onLoad,
  canEdit,
  currency,
}: {
  onLoad: (inputs: CalculatorInputs) => void;
  canEdit: boolean;
  currency: string;
}) {
  const q = useScenarios();
  const { rename, remove } = useScenarioActions();
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="scenarios-title">
      <CardHeader title="Saved scenarios" slotProps={{ title: { variant: "subtitle1", component: "h3", id: "scenarios-title" } }} />
      <CardContent sx={{ pt: 0 }}>
        {q.isError && <Typography color="error">{errorMessage(q.error)}</Typography>}
        {q.data && items.length === 0 && (
          <Typography color="textSecondary">No scenario saved yet: set the inputs and save them under a name.</Typography>
        )}
        <List dense aria-label="Saved scenarios">
          {items.map((s) => {
            const e = projectPlan(s.inputs).expected;
            return (
              <ListItem
                key={s.id}
                divider
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <Button size="small" onClick={() => onLoad(s.inputs)}>
                      Load
                    </Button>
                    {canEdit && (
                      <>
                        <Button size="small" onClick={() => setEditing({ id: s.id, name: s.name })}>
                          Rename
                        </Button>
                        <Tooltip title="Delete">
                          <IconButton size="small" aria-label={`Delete ${s.name}`} onClick={() => remove.mutate(s.id)}>
                            ×
                          </IconButton>
                        </Tooltip>
                      </>
                    )}
                  </Stack>
                }
                sx={{ pr: canEdit ? 24 : 10 }}
              >
                {editing?.id === s.id ? (
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                    <TextField
                      size="small"
                      label="Name"
                      value={editing.name}
                      onChange={(ev) => setEditing({ ...editing, name: ev.target.value })}
                      error={rename.isError}
                      helperText={rename.isError ? errorMessage(rename.error) : undefined}
                    />
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() => rename.mutate({ id: s.id, name: editing.name }, { onSuccess: () => setEditing(null) })}
                    >
                      Save
                    </Button>
                  </Stack>
                ) : (
                  <ListItemText
                    primary={s.name}
                    secondary={`${s.inputs.leads_per_month.toLocaleString()} leads/month → ${e.won.toFixed(1)} deals won, ${Math.round(e.revenue).toLocaleString()} ${currency}`}
                  />
                )}
              </ListItem>
            );
          })}
        </List>
        {q.hasNextPage && (
          <Button onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
