/** One sending domain: each DNS check with its status, what was found and, when not passing, the record to publish. */

import { Box, Button, Card, CardContent, CardHeader, Stack, TextField, Tooltip, Typography } from "@mui/material";
import type { DomainCheck, DomainReport } from "@prospector/contracts";
import { useState } from "react";
import { ApiError } from "../../../lib/errors.ts";
import { useToast } from "../../../ui/toast/toast-provider.tsx";
import { useSaveSelector } from "../api/use-deliverability.ts";
import { MutationError } from "./recheck-bar.tsx";
import { ago, StatusChip } from "./status-chip.tsx";

const NAMES: Record<string, string> = { spf: "SPF", dkim: "DKIM", dmarc: "DMARC", mx: "MX" };
const WHY: Record<string, string> = {
  spf: "Which servers may send as this domain.",
  dkim: "A signature receivers verify against a key in DNS.",
  dmarc: "What receivers do when SPF and DKIM fail, and where to report.",
  mx: "Where replies and bounces to this domain are delivered.",
};

const mono = { fontFamily: "monospace", fontSize: 13, whiteSpace: "pre-wrap", wordBreak: "break-all" } as const;

export function FixRecord({ fix }: { fix: NonNullable<DomainCheck["fix"]> }) {
  const toast = useToast();
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Copied");
    } catch {
      toast.error("Could not copy: select the text and copy it by hand");
    }
  };
  return (
    <Box sx={{ mt: 1, p: 1.5, borderRadius: 1, bgcolor: "action.hover" }} data-testid="fix-record">
      <Typography variant="caption" color="textSecondary">
        Publish this {fix.type} record at your DNS host
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 0.5, alignItems: { sm: "center" } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={mono}>
            <strong>Name:</strong> {fix.name}
          </Typography>
          <Typography sx={mono}>
            <strong>Type:</strong> {fix.type}
          </Typography>
          <Typography sx={mono}>
            <strong>Value:</strong> {fix.value}
          </Typography>
        </Box>
        <Button
          size="small"
          variant="outlined"
          onClick={() => void copy(fix.value)}
          aria-label={`Copy the ${fix.type} value for ${fix.name}`}
        >
          Copy value
        </Button>
      </Stack>
    </Box>
  );
}

function CheckLine({ check }: { check: DomainCheck }) {
  const name = NAMES[check.kind] ?? check.kind;
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: "divider", listStyle: "none" }} aria-label={`${name} check`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Tooltip title={WHY[check.kind] ?? ""}>
          <Typography sx={{ minWidth: 56, fontWeight: 600 }}>{name}</Typography>
        </Tooltip>
        <StatusChip status={check.status} />
        <Typography variant="body2" sx={{ flex: 1, minWidth: 200 }}>
          {check.summary}
        </Typography>
      </Stack>
      {check.found && (
        <Typography variant="body2" color="textSecondary" sx={{ ...mono, mt: 0.5 }}>
          Found: {check.found}
        </Typography>
      )}
      {check.fix && check.status !== "pass" && <FixRecord fix={check.fix} />}
    </Box>
  );
}

function SelectorForm({ domain, saved }: { domain: string; saved: string | null }) {
  const [value, setValue] = useState(saved ?? "");
  const save = useSaveSelector();
  const fieldError = save.error instanceof ApiError ? save.error.errors?.[0]?.message : undefined;
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ domain, selector: value.trim() || null });
      }}
      sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap", mt: 1 }}
    >
      <TextField
        size="small"
        label="Your DKIM selector"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        helperText={fieldError ?? "If your provider signs with a selector not tried here (the s= of its DKIM-Signature)"}
        error={Boolean(fieldError)}
        sx={{ minWidth: 220, flex: 1, maxWidth: 360 }}
      />
      <Button type="submit" variant="outlined" disabled={save.isPending}>
        Save and check
      </Button>
      {!fieldError && <MutationError error={save.error} />}
    </Box>
  );
}

export function DomainCard({ report }: { report: DomainReport }) {
  const dkim = report.checks.find((c) => c.kind === "dkim");
  return (
    <Card variant="outlined" component="section" aria-label={`Domain ${report.domain}`}>
      <CardHeader
        title={report.domain}
        slotProps={{ title: { component: "h3", variant: "h6" }, subheader: { sx: { wordBreak: "break-word" } } }}
        subheader={`${report.inboxes.join(", ")} · checked ${ago(report.checked_at)}${report.stale && report.checked_at ? " (refreshing)" : ""}`}
      />
      <CardContent sx={{ pt: 0 }}>
        {report.checks.length === 0 ? (
          <Typography color="textSecondary">Not checked yet: the first check is running.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {report.checks.map((c) => (
              <CheckLine key={c.kind} check={c} />
            ))}
          </Box>
        )}
        {dkim && dkim.status !== "pass" && <SelectorForm domain={report.domain} saved={report.dkim_selector} />}
      </CardContent>
    </Card>
  );
}
