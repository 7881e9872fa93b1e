/**
 * retryTransaction re-runs a whole transaction after a deadlock (40P01) or serialization failure
 * (40001) raised by the database, a bounded number of times, and nothing else. On PostgreSQL, two
 * transactions that really deadlock both commit.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/create-test-app.ts";
import type { Database } from "./client.ts";
import { isRetryable, retryTransaction } from "./retry.ts";

let database: Database;
let drop: () => Promise<void>;
const db = () => database.db;
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const probe = async () => rowsOf<{ note: string }>(await db().execute(sql`select note from retry_probe order by note`)).map((r) => r.note);
/** A real database error with this SQLSTATE, raised by the server as a deadlock victim gets it. */
const raise = (code: string) => sql.raw(`do $$ begin raise exception 'simulated' using errcode = '${code}'; end $$`);

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await db().execute(sql`create table retry_probe (id int primary key, note text not null)`);
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe("retryTransaction", () => {
  it("runs a transaction again after 40P01 and 40001; the failed run leaves nothing behind", async () => {
    for (const code of ["40P01", "40001"]) {
      await db().execute(sql`delete from retry_probe`);
      let runs = 0;
      const retried: number[] = [];
      const result = await retryTransaction(
        () =>
          db().transaction(async (tx) => {
            runs++;
            await tx.execute(sql`insert into retry_probe (id, note) values (${runs}, ${`run ${runs}`})`);
            if (runs === 1) await tx.execute(raise(code));
            return runs;
          }),
        {
          onRetry: (err, attempt) => {
            expect(isRetryable(err)).toBe(true);
            retried.push(attempt);
          },
        },
      );
      expect(result).toBe(2);
      expect(retried).toEqual([1]);
      expect(await probe()).toEqual(["run 2"]);
    }
  });

  it("gives up after the given number of runs with the database's error", async () => {
    let runs = 0;
    const err = await retryTransaction(
      () =>
        db().transaction(async (tx) => {
          runs++;
          await tx.execute(raise("40P01"));
        }),
      { attempts: 3 },
    ).catch((e: unknown) => e);
    expect(runs).toBe(3);
    expect(isRetryable(err)).toBe(true);
  });

  it("does not run again after any other error", async () => {
    await db().execute(sql`delete from retry_probe`);
    await db().execute(sql`insert into retry_probe (id, note) values (1, 'first')`);
    let runs = 0;
    const err = await retryTransaction(() =>
      db().transaction(async (tx) => {
        runs++;
        await tx.execute(sql`insert into retry_probe (id, note) values (1, 'again')`);
      }),
    ).catch((e: unknown) => e as Error & { cause?: { code?: string } });
    expect(runs).toBe(1);
    expect(err?.cause?.code ?? (err as { code?: string })?.code).toBe("23505");
    expect(isRetryable(new Error("plain"))).toBe(false);
  });

  it.skipIf(!process.env.DATABASE_URL)("lets two transactions that deadlock on PostgreSQL both commit", async () => {
    await db().execute(sql`delete from retry_probe`);
    await db().execute(sql`insert into retry_probe (id, note) values (1, 'a'), (2, 'b')`);
    // Each locks one row, waits until the other holds its row, then wants the other's: a real deadlock.
    let held = 0;
    const bothHold = async () => {
      held++;
      while (held < 2) await new Promise((r) => setTimeout(r, 5));
    };
    const retried: string[] = [];
    const crosswise = (first: number, second: number, name: string) => {
      let runs = 0;
      return retryTransaction(
        () =>
          db().transaction(async (tx) => {
            runs++;
            await tx.execute(sql`update retry_probe set note = note || ${name} where id = ${first}`);
            if (runs === 1) await bothHold();
            await tx.execute(sql`update retry_probe set note = note || ${name} where id = ${second}`);
          }),
        { onRetry: () => retried.push(name) },
      );
    };
    await Promise.all([crosswise(1, 2, "+x"), crosswise(2, 1, "+y")]);
    expect(retried, "one of them was the deadlock victim and ran again").toHaveLength(1);
    const notes = await probe();
    // Both committed, each once: every row carries both marks.
    for (const note of notes) {
      expect(note.match(/\+x/g)).toHaveLength(1);
      expect(note.match(/\+y/g)).toHaveLength(1);
    }
  });
});
