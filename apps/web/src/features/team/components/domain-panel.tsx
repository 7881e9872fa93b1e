/**
 * Domain verification of a workspace (shell §4: start, then check): add a domain with a method,
 * publish the exact record shown (copy buttons), then "Check now" tells in plain words whether it
 * was found. A verified domain lets people with that address join on sign-up when the workspace allows it.
 */
import { ContentCopy } from "@mui/icons-material";
import { Alert, Box, Button, Chip, IconButton, LinearProgress, MenuItem, Paper, TextField, Tooltip, Typography } from "@mui/material";
import type { DomainVerification, DomainVerificationMethod } from "@prospector/contracts";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { formatDateTime, timeAgo } from "../../../lib/format.ts";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useCheckDomain, useDomains, useRemoveDomain, useStartDomainVerification } from "../api/use-domains.ts";

const METHODS: Array<{ value: DomainVerificationMethod; label: string }> = [
  { value: "dns", label: "DNS TXT record" },
  { value: "http_file", label: "File on the website" },
  { value: "meta_tag", label: "Meta tag on the home page" },
];

const STATUS: Record<string, { label: string; color: "success" | "warning" | "error" }> = {
  verified: { label: "Verified", color: "success" },
  pending: { label: "Not checked yet", color: "warning" },
  failed: { label: "Not found", color: "error" },
};

function CopyField({ label, value }: { label: string; value: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`${label} copied`);
    } catch {
      toast.error("The browser did not allow copying: select the text and copy it by hand");
    }
  };
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
      <Typography variant="body2" color="textSecondary" sx={{ minWidth: 90 }}>
        {label}
      </Typography>
      <Box
        component="code"
        sx={{ flex: 1, minWidth: 0, overflowWrap: "anywhere", bgcolor: "action.hover", px: 1, py: 0.5, borderRadius: 1, fontSize: 13 }}
      >
        {value}
      </Box>
      <Tooltip title={`Copy ${label.toLowerCase()}`}>
        <IconButton size="small" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function Instructions({ v }: { v: DomainVerification }) {
  const i = v.instructions;
  if (i.kind === "dns_txt")
    return (
      <Box sx={{ display: "grid", gap: 0.5 }}>
        <Typography variant="body2">Add this TXT record at your DNS provider (changes can take up to an hour to show):</Typography>
        <CopyField label="Host" value={i.name} />
        <CopyField label="Type" value="TXT" />
        <CopyField label="Value" value={i.value} />
      </Box>
    );
  if (i.kind === "http_file")
    return (
      <Box sx={{ display: "grid", gap: 0.5 }}>
        <Typography variant="body2">Publish a plain text file with exactly this content, reachable over HTTPS:</Typography>
        <CopyField label="Address" value={i.url ?? i.name} />
        <CopyField label="Content" value={i.value} />
      </Box>
    );
  return (
    <Box sx={{ display: "grid", gap: 0.5 }}>
      <Typography variant="body2">{`Put this tag in the <head> of ${i.url ?? "your home page"}:`}</Typography>
      <CopyField label="Tag" value={i.value} />
    </Box>
  );
}

/** The last check's result, in plain words. */
function checkResult(v: DomainVerification): string {
  if (v.status === "verified")
    return `Verified${v.verified_at ? ` ${timeAgo(v.verified_at)}` : ""}: people with an @${v.domain} address can join on sign-up if the workspace allows it.`;
  if (!v.last_checked_at) return "Not checked yet: publish the record, then press Check now.";
  return `Checked ${timeAgo(v.last_checked_at)}: ${v.last_error ?? "the record was not found yet."}`;
}

export function DomainPanel({ workspaceId, canEdit }: { workspaceId: string; canEdit: boolean }) {
  const domains = useDomains(workspaceId);
  const start = useStartDomainVerification(workspaceId);
  const check = useCheckDomain(workspaceId);
  const remove = useRemoveDomain(workspaceId);
  const toast = useToast();
  const [domain, setDomain] = useState("");
  const [method, setMethod] = useState<DomainVerificationMethod>("dns");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<DomainVerification | null>(null);

  const add = async () => {
    const d = domain.trim();
    if (!d) return setFieldError("Enter a domain such as example.com");
    setFieldError(null);
    try {
      await start.mutateAsync({ domain: d, method });
      setDomain("");
    } catch (error) {
      if (error instanceof ApiError && (error.field === "domain" || error.status === 422 || error.status === 409))
        setFieldError(error.message);
      else toast.error(errorMessage(error));
    }
  };
  const runCheck = async (v: DomainVerification) => {
    try {
      const result = await check.mutateAsync(v.id);
      if (result.status === "verified") toast.success(`${result.domain} is verified`);
      else toast.warning(`${result.domain}: ${result.last_error ?? "the record was not found yet"}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Typography variant="body2" color="textSecondary">
        Prove you own your company's email domain; then colleagues who sign up with that address can join this workspace by themselves (turn
        it on in the workspace's settings). Free mail domains such as gmail.com cannot be verified.
      </Typography>
      {domains.isPending && <LinearProgress aria-label="Loading domains" />}
      {domains.isError && <Alert severity="error">{`Failed to load the domains: ${errorMessage(domains.error)}`}</Alert>}
      {domains.data?.length === 0 && <Typography variant="body2">No domain yet.{canEdit ? " Add one below." : ""}</Typography>}
      {domains.data?.map((v) => (
        <Paper key={v.id} variant="outlined" sx={{ p: 1.5, display: "grid", gap: 1 }} aria-label={`Domain ${v.domain}`} component="section">
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
              {v.domain}
            </Typography>
            <Chip size="small" label={STATUS[v.status]?.label ?? v.status} color={STATUS[v.status]?.color ?? "warning"} />
            <Typography variant="caption" color="textSecondary">
              {`${METHODS.find((m) => m.value === v.method)?.label ?? v.method} · added ${formatDateTime(v.created_at)}`}
            </Typography>
            <Box sx={{ flex: 1 }} />
            {canEdit && v.status !== "verified" && (
              <Button size="small" variant="outlined" onClick={() => void runCheck(v)} disabled={check.isPending}>
                {check.isPending && check.variables === v.id ? "Checking…" : "Check now"}
              </Button>
            )}
            {canEdit && (
              <Button size="small" color="error" onClick={() => setRemoving(v)}>
                Remove
              </Button>
            )}
          </Box>
          {v.status !== "verified" && <Instructions v={v} />}
          <Typography
            variant="body2"
            role="status"
            color={v.status === "failed" ? "error" : v.status === "verified" ? "success.main" : "textSecondary"}
          >
            {checkResult(v)}
          </Typography>
        </Paper>
      ))}
      {canEdit && (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
          sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
        >
          <TextField
            size="small"
            label="Domain"
            placeholder="example.com"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError ?? " "}
            sx={{ flex: 1, minWidth: 200 }}
          />
          <TextField
            select
            size="small"
            label="Verify with"
            value={method}
            onChange={(e) => setMethod(e.target.value as DomainVerificationMethod)}
            sx={{ minWidth: 220 }}
          >
            {METHODS.map((m) => (
              <MenuItem key={m.value} value={m.value}>
                {m.label}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="outlined" disabled={start.isPending}>
            {start.isPending ? "Adding…" : "Add domain"}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        title={`Remove ${removing?.domain ?? "this domain"}?`}
        confirmLabel="Remove"
        danger
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await remove.mutateAsync(removing.domain);
            setRemoving(null);
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        People with this address will no longer join on sign-up. Members who already joined stay.
      </ConfirmDialog>
    </Box>
  );
}
