/**
 * What a refused request shows (shell §6: a 403 may carry requiredPermission, which is shown): the
 * permission it needs and a "Request access" button that files an access request
 * (POST /api/v1/rbac/access-requests) for an administrator to approve.
 */
import LockOutlined from "@mui/icons-material/LockOutlined";
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../lib/errors.ts";
import { usePermissions } from "./permission-provider.tsx";
import { splitPermission } from "./permission-rules.ts";

export interface AccessDeniedProps {
  /** `resource:action` the refused request needed; without it, only the refusal is shown. */
  requiredPermission?: string;
  /** Replaces the built-in access request (e.g. to add a resource id). */
  onRequest?: () => Promise<void> | void;
  /** `page`: in place of a whole page; `inline`: a compact banner above the page's content. */
  variant?: "page" | "inline";
  title?: string;
}

type RequestState = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "failed"; message: string };

export function AccessDenied({ requiredPermission, onRequest, variant = "page", title }: AccessDeniedProps) {
  const { requestAccess } = usePermissions();
  const [state, setState] = useState<RequestState>({ kind: "idle" });
  const [reason, setReason] = useState("");
  const parts = requiredPermission ? splitPermission(requiredPermission) : null;
  const canRequest = Boolean(onRequest || parts);

  const send = async () => {
    setState({ kind: "sending" });
    try {
      if (onRequest) await onRequest();
      else if (parts) await requestAccess({ ...parts, reason: reason.trim() || undefined });
      setState({ kind: "sent" });
    } catch (err) {
      setState({ kind: "failed", message: errorMessage(err) });
    }
  };

  const heading = title ?? "You don't have access to this";
  const needs = requiredPermission ? (
    <>
      It needs the permission{" "}
      <Box component="code" sx={{ fontWeight: 600 }}>
        {requiredPermission}
      </Box>
      , which your role does not include.
    </>
  ) : (
    "Your role does not include this. Contact your administrator."
  );

  const action =
    state.kind === "sent" ? (
      <Typography role="status" color="success.main" sx={{ fontWeight: 600 }}>
        Request sent
      </Typography>
    ) : canRequest ? (
      <Button
        variant={variant === "page" ? "contained" : "text"}
        color={variant === "page" ? "primary" : "inherit"}
        onClick={send}
        disabled={state.kind === "sending"}
      >
        {state.kind === "sending" ? "Sending…" : "Request access"}
      </Button>
    ) : null;

  if (variant === "inline") {
    return (
      <Alert severity="warning" icon={<LockOutlined />} action={action} sx={{ mb: 2 }} data-testid="access-denied">
        <strong>{heading}.</strong> {needs}
        {state.kind === "failed" && <Box sx={{ color: "error.main" }}>{state.message}</Box>}
      </Alert>
    );
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 560, mx: "auto", mt: 4 }} data-testid="access-denied">
      <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
        <LockOutlined color="warning" fontSize="large" />
        <Typography variant="h5" component="h2">
          {heading}
        </Typography>
        <Typography color="text.secondary">{needs}</Typography>
        {canRequest && state.kind !== "sent" && !onRequest && (
          <TextField
            label="Why do you need it? (optional)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
        )}
        {state.kind === "failed" && <Alert severity="error">{state.message}</Alert>}
        {action}
      </Stack>
    </Paper>
  );
}
