import type { TestApp } from "../../../test/create-test-app.ts";

export const BACKUPS_URL = "/api/user-settings/backups";

/** A multipart/form-data body with `data` as the backup file field. */
export function multipart(data: Buffer) {
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="backup.psbk"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/user-settings/backups/restore with `file` uploaded, as `user`. */
export function uploadRestore(t: TestApp, file: Buffer, user: { headers: Record<string, string> }) {
  const body = multipart(file);
  return t.app.inject({
    method: "POST",
    url: `${BACKUPS_URL}/restore`,
    headers: { ...user.headers, ...body.headers },
    payload: body.payload,
  });
}
