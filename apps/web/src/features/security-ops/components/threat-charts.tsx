/** The charts of /security/threat-analytics, each in a ChartCard with its table view. */
import { Typography } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import type { SecurityRuleId, ThreatAnalytics } from "@prospector/contracts";
import { ChartCard } from "../../../ui/charts/chart-card.tsx";
import { RULE_LABEL } from "./threat-format.ts";

const none = (text: string) => <Typography color="textSecondary">{text}</Typography>;

export function AlertsByDayChart({ a }: { a: ThreatAnalytics }) {
  const days = [...new Set(a.alerts_by_day.map((d) => d.day))];
  const rules = [...new Set(a.alerts_by_day.map((d) => d.rule))] as SecurityRuleId[];
  const value = (day: string, rule: string) => a.alerts_by_day.find((d) => d.day === day && d.rule === rule)?.count ?? 0;
  return (
    <ChartCard
      title="Alerts by day and rule"
      subheader={`Last ${a.days} days, UTC, by the day an alert was first seen`}
      table={{
        columns: [{ key: "day", label: "Day" }, ...rules.map((r) => ({ key: r, label: RULE_LABEL[r], numeric: true }))],
        rows: days.map((day) => Object.fromEntries([["day", day], ...rules.map((r) => [r, value(day, r)])])),
      }}
      empty={days.length === 0 ? none("No alerts in this period: alerts appear here when the detection rules match.") : undefined}
    >
      <BarChart
        height={260}
        xAxis={[{ scaleType: "band", data: days }]}
        series={rules.map((r) => ({ data: days.map((d) => value(d, r)), label: RULE_LABEL[r], stack: "alerts" }))}
      />
    </ChartCard>
  );
}

export function SignInsByDayChart({ a }: { a: ThreatAnalytics }) {
  const rows = a.failed_sign_ins_by_day;
  return (
    <ChartCard
      title="Sign-ins by day"
      subheader="Failed (wrong password, unknown account, locked, inactive, wrong code) and successful"
      table={{
        columns: [
          { key: "day", label: "Day" },
          { key: "failed", label: "Failed", numeric: true },
          { key: "succeeded", label: "Succeeded", numeric: true },
        ],
        rows,
      }}
      empty={
        rows.length === 0 ? none("No sign-ins recorded yet: every sign-in through the sign-in page is recorded from now on.") : undefined
      }
    >
      <BarChart
        height={260}
        xAxis={[{ scaleType: "band", data: rows.map((d) => d.day) }]}
        series={[
          { data: rows.map((d) => d.failed), label: "Failed" },
          { data: rows.map((d) => d.succeeded), label: "Succeeded" },
        ]}
      />
    </ChartCard>
  );
}

export function TopSourcesChart({ a }: { a: ThreatAnalytics }) {
  return (
    <ChartCard
      title="Top source addresses of failed sign-ins"
      subheader="With the number of distinct accounts each tried; country from the GeoIP database when one is set"
      table={{
        columns: [
          { key: "ip", label: "Address" },
          { key: "country", label: "Country" },
          { key: "failed", label: "Failed", numeric: true },
          { key: "accounts", label: "Accounts", numeric: true },
        ],
        rows: a.top_sources,
      }}
      empty={a.top_sources.length === 0 ? none("No failed sign-ins in this period.") : undefined}
    >
      <BarChart
        height={260}
        layout="horizontal"
        yAxis={[{ scaleType: "band", data: a.top_sources.map((s) => (s.country ? `${s.ip} (${s.country})` : s.ip)), width: 160 }]}
        series={[{ data: a.top_sources.map((s) => s.failed), label: "Failed sign-ins" }]}
      />
    </ChartCard>
  );
}

export function TargetedAccountsChart({ a }: { a: ThreatAnalytics }) {
  return (
    <ChartCard
      title="Most targeted accounts"
      subheader="Failed sign-ins per account as typed, with the number of source addresses"
      table={{
        columns: [
          { key: "email", label: "Account" },
          { key: "failed", label: "Failed", numeric: true },
          { key: "sources", label: "Addresses", numeric: true },
        ],
        rows: a.targeted_accounts,
      }}
      empty={a.targeted_accounts.length === 0 ? none("No failed sign-ins in this period.") : undefined}
    >
      <BarChart
        height={260}
        layout="horizontal"
        yAxis={[{ scaleType: "band", data: a.targeted_accounts.map((s) => s.email), width: 180 }]}
        series={[{ data: a.targeted_accounts.map((s) => s.failed), label: "Failed sign-ins" }]}
      />
    </ChartCard>
  );
}

export function KeyDenialsChart({ a }: { a: ThreatAnalytics }) {
  return (
    <ChartCard
      title="API key refusals"
      subheader="Calls of this workspace's keys refused (401/403) after the key was recognised"
      table={{
        columns: [
          { key: "name", label: "Key" },
          { key: "denied", label: "Refused", numeric: true },
          { key: "requests", label: "Requests", numeric: true },
        ],
        rows: a.api_key_denials,
      }}
      empty={a.api_key_denials.length === 0 ? none("No API key call was refused in this period.") : undefined}
    >
      <BarChart
        height={240}
        xAxis={[{ scaleType: "band", data: a.api_key_denials.map((k) => k.name) }]}
        series={[{ data: a.api_key_denials.map((k) => k.denied), label: "Refused calls" }]}
      />
    </ChartCard>
  );
}
