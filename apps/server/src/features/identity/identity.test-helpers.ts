import type { TestApp } from "../../../test/create-test-app.ts";

/** What the server logs at info level when it has started (ctx.onStarted), one string per line. */
export async function startupLines(t: TestApp): Promise<string[]> {
  const lines: string[] = [];
  const log = t.app.ctx.log;
  t.app.ctx.log = { ...log, info: (msg: unknown) => lines.push(String(msg)) } as typeof log;
  try {
    await t.app.ctx.onStarted?.();
  } finally {
    t.app.ctx.log = log;
  }
  return lines;
}
