/**
 * Scenario 3 of the infrastructure faults: DATA_DIR on a small tmpfs (root only), filled to the
 * last byte by a filler file. Multipart bodies, the filler and what lies on the volume.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Large enough for the exports' 256 MB disk reserve (storage.ts) to be met once the filler goes. */
export const TMPFS_BYTES = 300 * 1024 * 1024;

export interface SmallVolume {
  dir: string;
  /** Bytes still free for an unprivileged writer. */
  free(): number;
  /** Fills the volume: nothing more can be written until `empty`. */
  fill(): void;
  empty(): void;
  unmount(): void;
}

/** Mounts a tmpfs, or answers why it cannot (for a skip reason). */
export function mountSmallVolume(): SmallVolume | string {
  if (process.getuid?.() !== 0) return "needs root to mount a tmpfs";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prospector-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${TMPFS_BYTES}`, "tmpfs", dir], { stdio: "pipe" });
  } catch (err) {
    fs.rmdirSync(dir);
    return `mount -t tmpfs failed: ${(err as Error).message.split("\n")[0]}`;
  }
  const filler = path.join(dir, "filler");
  const free = () => {
    const s = fs.statfsSync(dir);
    return Number(s.bavail) * Number(s.bsize);
  };
  return {
    dir,
    free,
    fill() {
      const room = free() - 64 * 1024;
      if (room > 0) execFileSync("fallocate", ["-l", String(room), filler]);
      // The last pages one write at a time, until the kernel refuses.
      const fd = fs.openSync(`${filler}-tail`, "a");
      try {
        const chunk = Buffer.alloc(4096, 1);
        for (;;) fs.writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
      } finally {
        fs.closeSync(fd);
      }
    },
    empty() {
      fs.rmSync(filler, { force: true });
      fs.rmSync(`${filler}-tail`, { force: true });
    },
    unmount() {
      try {
        execFileSync("umount", [dir], { stdio: "pipe" });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A multipart/form-data body with one file part and plain fields. */
export function multipartBody(file: { field: string; name: string; type: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----prospector${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under `dir` (relative paths), for "nothing left behind" checks. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
