/**
 * The e2e server's DNS (deliverability spec): server.ts answers DNS_SERVERS queries from this JSON
 * zone file, re-read on every query, so a spec "publishes" a record by writing the file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Zone } from "../apps/server/src/features/enrichment/dns.fixtures.ts";

export const DNS_ZONE_FILE = path.join(os.tmpdir(), `prospector-e2e-dns-${process.env.E2E_PORT ?? "8777"}.json`);

export function readZone(): Zone {
  try {
    return JSON.parse(fs.readFileSync(DNS_ZONE_FILE, "utf8")) as Zone;
  } catch {
    return {};
  }
}

/** Adds or replaces records (a tiny "DNS host" for the specs). */
export function publish(records: Zone): void {
  const next = { ...readZone(), ...records };
  const tmp = `${DNS_ZONE_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(next));
  fs.renameSync(tmp, DNS_ZONE_FILE);
}
