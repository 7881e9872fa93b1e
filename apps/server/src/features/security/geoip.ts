/**
 * Where an address is, from the file at GEOIP_DATABASE_PATH: a MaxMind/DB-IP `.mmdb` (read with
 * mmdb-lib) or the DB-IP "City Lite" CSV layout (ip_start, ip_end, continent, country, stateprov,
 * city, latitude, longitude; `.csv.gz` too). Loaded once per process and path (docs/security-operations.md).
 */
import { readFile } from "node:fs/promises";
import { isIP } from "node:net";
import { gunzipSync } from "node:zlib";
import { type CityResponse, Reader } from "mmdb-lib";

export interface GeoPoint {
  country: string | null;
  city: string | null;
  lat: number;
  lon: number;
}

export interface GeoIp {
  /** What was loaded (file name and kind), for the rules page. */
  source: string;
  lookup(ip: string): GeoPoint | null;
}

/** An address as a number (IPv4 and IPv6 each in their own space), or null when it is not one. */
export function ipToBigInt(raw: string): { v: 4 | 6; n: bigint } | null {
  let ip = raw.trim();
  if (ip.toLowerCase().startsWith("::ffff:") && isIP(ip.slice(7)) === 4) ip = ip.slice(7);
  const kind = isIP(ip);
  if (kind === 4) {
    return { v: 4, n: ip.split(".").reduce((acc, part) => (acc << 8n) + BigInt(Number(part)), 0n) };
  }
  if (kind === 6) {
    const groups = expandIpv6(ip);
    return { v: 6, n: groups.reduce((acc, g) => (acc << 16n) + BigInt(Number.parseInt(g, 16)), 0n) };
  }
  return null;
}

/** The eight hextets of an IPv6 address (an embedded IPv4 tail becomes two). */
export function expandIpv6(ip: string): string[] {
  let addr = ip.split("%")[0] as string;
  const v4 = addr.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const o = (v4[1] as string).split(".").map(Number);
    addr = `${addr.slice(0, -(v4[1] as string).length)}${((o[0]! << 8) | o[1]!).toString(16)}:${((o[2]! << 8) | o[3]!).toString(16)}`;
  }
  const [head, tail] = addr.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const t = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const fill = tail !== undefined ? Array(8 - h.length - t.length).fill("0") : [];
  return [...h, ...fill, ...t].map((g) => g.padStart(4, "0"));
}

/** Splits one CSV line (quoted fields with doubled quotes allowed). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  out.push(cur);
  return out;
}

interface Range {
  start: bigint;
  end: bigint;
  point: GeoPoint;
}

/** Parses the DB-IP City Lite CSV layout; rows that do not parse are skipped. */
export function parseCityCsv(text: string): GeoIp {
  const v4: Range[] = [];
  const v6: Range[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const f = csvFields(line);
    if (f.length < 8) continue;
    const start = ipToBigInt(f[0] as string);
    const end = ipToBigInt(f[1] as string);
    const lat = Number(f[6]);
    const lon = Number(f[7]);
    if (!start || !end || start.v !== end.v || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    (start.v === 4 ? v4 : v6).push({ start: start.n, end: end.n, point: { country: f[3] || null, city: f[5] || null, lat, lon } });
  }
  const byStart = (a: Range, b: Range) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0);
  v4.sort(byStart);
  v6.sort(byStart);
  return {
    source: `csv (${v4.length + v6.length} ranges)`,
    lookup(ip) {
      const n = ipToBigInt(ip);
      if (!n) return null;
      const list = n.v === 4 ? v4 : v6;
      let lo = 0;
      let hi = list.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const r = list[mid] as Range;
        if (n.n < r.start) hi = mid - 1;
        else if (n.n > r.end) lo = mid + 1;
        else return r.point;
      }
      return null;
    },
  };
}

function fromMmdb(buffer: Buffer): GeoIp {
  const reader = new Reader<CityResponse>(buffer);
  return {
    source: `mmdb (${reader.metadata.databaseType})`,
    lookup(ip) {
      if (!isIP(ip)) return null;
      const r = reader.get(ip);
      const lat = r?.location?.latitude;
      const lon = r?.location?.longitude;
      if (lat === undefined || lon === undefined) return null;
      return { country: r?.country?.iso_code ?? null, city: (r?.city?.names as Record<string, string> | undefined)?.en ?? null, lat, lon };
    },
  };
}

const loaded = new Map<string, Promise<GeoIp>>();

/** The database at `path`, loaded once per process (a failed load is retried on the next call). */
export function loadGeoIp(path: string): Promise<GeoIp> {
  let p = loaded.get(path);
  if (!p) {
    p = (async () => {
      let buf = await readFile(path);
      if (path.endsWith(".gz")) buf = gunzipSync(buf);
      if (path.replace(/\.gz$/, "").endsWith(".mmdb")) return fromMmdb(buf);
      return parseCityCsv(buf.toString("utf8"));
    })();
    p.catch(() => loaded.delete(path));
    loaded.set(path, p);
  }
  return p;
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
