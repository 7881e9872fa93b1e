/**
 * Policies: the workspace's rules in the order the engine tries them (higher priority first),
 * each with what it covers, whom it binds and its conditions; switch one on or off, edit, delete,
 * or write a new one.
 */
import Add from "@mui/icons-material/Add";
import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import type { Policy, PolicyInput } from "@prospector/contracts";
import { useMemo, useState } from "react";
import { usePermissions } from "../../../app/permissions/index.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { EmptyState, PageIntro } from "../../../ui/page-intro.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useDeletePolicy, usePolicies, useSavePolicy } from "../api/use-rules.ts";
import { describeCondition } from "../lib/conditions.ts";
import { PolicyEditor } from "./policy-editor.tsx";
import { type SubjectNames, subjectsText, useSubjectNames } from "./subject-pickers.tsx";
import { TabQuery } from "./tab-states.tsx";

const inputOf = (p: Policy): PolicyInput => ({
  name: p.name,
  description: p.description,
  priority: p.priority,
  is_active: p.is_active,
  effect: p.effect,
  permissions: p.permissions,
  applies_to: p.applies_to,
  conditions: p.conditions,
});

function appliesText(p: Policy, names: SubjectNames): string {
  const { users, roles, teams } = p.applies_to;
  return subjectsText(names, roles, users, teams) || "Everyone";
}

export default function PoliciesTab() {
  const policies = usePolicies();
  const names = useSubjectNames();
  const save = useSavePolicy();
  const remove = useDeletePolicy();
  const toast = useToast();
  const { can } = usePermissions();
  const mayEdit = can("settings:update");
  const [editing, setEditing] = useState<Policy | "new" | null>(null);
  const [deleting, setDeleting] = useState<Policy | null>(null);
  const sorted = useMemo(
    () => [...(policies.data ?? [])].sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name)),
    [policies.data],
  );

  const toggle = (p: Policy) =>
    save.mutate(
      { id: p.id, input: { ...inputOf(p), is_active: !p.is_active } },
      {
        onSuccess: (s) => toast.success(`"${s.name}" is ${s.is_active ? "active" : "switched off"}`),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );

  const newButton = mayEdit && (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditing("new")}>
      New policy
    </Button>
  );

  return (
    <>
      <PageIntro
        dense
        question="Which rules override roles, and when?"
        summary="Active policies that apply to the user are tried first, highest priority first; the first that matches decides, before any role or team grant."
        actions={newButton}
      />
      <TabQuery query={policies} label="Loading policies">
        {() =>
          sorted.length === 0 ? (
            <EmptyState
              title="No policies yet"
              hint="Roles and team grants decide everything for now. Write a policy to allow or deny under conditions: office hours, a country, an IP range."
            >
              {newButton}
            </EmptyState>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              <Table size="small" aria-label="Policies by priority">
                <TableHead>
                  <TableRow>
                    <TableCell>Priority</TableCell>
                    <TableCell>Policy</TableCell>
                    <TableCell>Applies to</TableCell>
                    <TableCell>Conditions</TableCell>
                    <TableCell>Active</TableCell>
                    {mayEdit && <TableCell align="right">Actions</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {sorted.map((p) => (
                    <TableRow key={p.id} sx={{ opacity: p.is_active ? 1 : 0.65 }}>
                      <TableCell>{p.priority}</TableCell>
                      <TableCell>
                        <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
                          <Chip size="small" label={p.effect} color={p.effect === "deny" ? "error" : "success"} />
                          <Typography variant="body2" sx={{ fontWeight: 500 }}>
                            {p.name}
                          </Typography>
                        </Box>
                        <Typography variant="caption" color="textSecondary" component="div">
                          {p.permissions.join(", ")}
                        </Typography>
                      </TableCell>
                      <TableCell>{appliesText(p, names)}</TableCell>
                      <TableCell>
                        {p.conditions.length === 0 ? (
                          <Typography variant="body2" color="textSecondary">
                            Always
                          </Typography>
                        ) : (
                          <Stack spacing={0.25}>
                            {p.conditions.map((c, i) => (
                              // biome-ignore lint/suspicious/noArrayIndexKey: conditions are an ordered list without ids
                              <Typography key={i} variant="body2">
                                {describeCondition(c)}
                              </Typography>
                            ))}
                          </Stack>
                        )}
                      </TableCell>
                      <TableCell>
                        <Switch
                          checked={p.is_active}
                          disabled={!mayEdit || save.isPending}
                          onChange={() => toggle(p)}
                          slotProps={{ input: { "aria-label": `${p.name} active` } }}
                        />
                      </TableCell>
                      {mayEdit && (
                        <TableCell align="right">
                          <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
                            <Button size="small" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                              Edit
                            </Button>
                            <Button size="small" color="error" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>
                              Delete
                            </Button>
                          </Stack>
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )
        }
      </TabQuery>
      {editing && <PolicyEditor policy={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this policy?"
        confirmLabel="Delete policy"
        danger
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`Policy "${deleting.name}" deleted`);
              setDeleting(null);
            },
          })
        }
      >
        {deleting && `"${deleting.name}" stops applying at once. The deletion is recorded in the audit log.`}
      </ConfirmDialog>
    </>
  );
}
