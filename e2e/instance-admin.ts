/**
 * The instance's first account, which the newcomer spec creates (the first sign-up is the instance
 * administrator, the one who reads the local mailbox): the spec records its address and final
 * password here so later specs can read system mail (invitations) as that administrator.
 */
import fs from "node:fs";
import path from "node:path";
import { outputPath } from "./results-dir.ts";

export interface InstanceAdmin {
  email: string;
  password: string;
  name: string;
}

/** In the run's own output folder (results-dir.ts): a run side by side has its own first account. */
const FILE = outputPath("instance-admin.json");

export function saveInstanceAdmin(admin: InstanceAdmin): void {
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  fs.writeFileSync(FILE, JSON.stringify(admin));
}

/** Null when the newcomer spec did not run in this run (a spec run on its own against a fresh server). */
export function readInstanceAdmin(): InstanceAdmin | null {
  try {
    return JSON.parse(fs.readFileSync(FILE, "utf8")) as InstanceAdmin;
  } catch {
    return null;
  }
}
