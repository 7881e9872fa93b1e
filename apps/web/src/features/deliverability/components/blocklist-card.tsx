/** Is a sending host or domain on a DNS blocklist? One answer per zone, per domain; unknown when a zone did not answer. */
import { Alert, Box, Card, CardContent, CardHeader, Skeleton, Stack, Typography } from "@mui/material";
import { errorMessage } from "../../../lib/errors.ts";
import { useBlocklists } from "../api/use-deliverability.ts";
import { RecheckButton, RunProgress } from "./recheck-bar.tsx";
import { ago, StatusChip } from "./status-chip.tsx";

export function BlocklistCard() {
  const q = useBlocklists();
  const data = q.data;
  const zones = data ? [...data.ip_zones, ...data.domain_zones] : [];
  return (
    <Card variant="outlined" component="section" aria-label="Blocklists">
      <CardHeader
        title="DNS blocklists"
        slotProps={{ title: { component: "h3", variant: "h6" } }}
        subheader={
          data
            ? zones.length
              ? `Sending hosts' addresses looked up in ${data.ip_zones.join(", ") || "no IP zone"}; domains in ${data.domain_zones.join(", ") || "no domain zone"} (DNSBL_ZONES, DNSBL_DOMAIN_ZONES).`
              : 'No blocklist zone is configured (DNSBL_ZONES and DNSBL_DOMAIN_ZONES are "none").'
            : undefined
        }
        action={data && data.domains.length > 0 ? <RecheckButton run={data.run} /> : undefined}
      />
      <CardContent sx={{ pt: 0 }}>
        {q.isPending && <Skeleton variant="rounded" height={120} />}
        {q.isError && <Alert severity="error">{errorMessage(q.error)}</Alert>}
        {data && <RunProgress run={data.run} />}
        {data && data.domains.length === 0 && (
          <Typography color="textSecondary">
            No sending domain yet: connect an SMTP inbox under Inboxes and its host and domain are looked up.
          </Typography>
        )}
        <Stack spacing={2} sx={{ mt: 1 }}>
          {data?.domains.map((d) => (
            <Box key={d.domain} component="section" aria-label={`Blocklists for ${d.domain}`}>
              <Typography sx={{ fontWeight: 600 }}>{d.domain}</Typography>
              <Typography variant="caption" color="textSecondary">
                SMTP host{d.hosts.length === 1 ? "" : "s"}: {d.hosts.map((h) => h.host).join(", ") || "none"}
                {d.checks[0] ? ` · checked ${ago(d.checks[0].checked_at)}` : ""}
              </Typography>
              {d.checks.length === 0 && zones.length > 0 && <Typography color="textSecondary">Not looked up yet.</Typography>}
              <Box component="ul" sx={{ m: 0, p: 0 }}>
                {d.checks.map((c) => (
                  <Box
                    component="li"
                    key={c.kind}
                    sx={{ listStyle: "none", py: 0.75, display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}
                  >
                    <Typography variant="body2" sx={{ minWidth: 220, fontFamily: "monospace", wordBreak: "break-all" }}>
                      {c.kind.slice("blocklist:".length)}
                    </Typography>
                    <StatusChip status={c.status} label={c.status === "fail" ? "Listed" : undefined} />
                    <Typography variant="body2" sx={{ flex: 1, minWidth: 200 }}>
                      {c.summary}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
