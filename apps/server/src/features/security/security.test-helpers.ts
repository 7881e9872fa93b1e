/** Test fixtures of threat detection: a small GeoIP CSV in the DB-IP City Lite layout. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Documentation ranges (RFC 5737 / 3849) placed in real cities. */
export const GEOIP_FIXTURE_CSV = [
  '198.51.100.0,198.51.100.255,EU,FR,"Île-de-France",Paris,48.8566,2.3522',
  "198.51.101.0,198.51.101.255,EU,FR,Auvergne-Rhône-Alpes,Lyon,45.764,4.8357",
  '192.0.2.0,192.0.2.255,OC,AU,"New South Wales",Sydney,-33.8688,151.2093',
  '203.0.113.0,203.0.113.255,NA,US,California,"San Jose, CA",37.3382,-121.8863',
  "2001:db8:1::,2001:db8:1:ffff:ffff:ffff:ffff:ffff,EU,DE,Berlin,Berlin,52.52,13.405",
  "not,a,row",
].join("\n");

/** Writes the fixture to a temporary file (GEOIP_DATABASE_PATH for a test app). */
export function writeGeoIpFixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "geoip-"));
  const file = path.join(dir, "dbip-city-lite.csv");
  fs.writeFileSync(file, GEOIP_FIXTURE_CSV);
  return file;
}
