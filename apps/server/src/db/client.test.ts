import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";

describe.skipIf(!process.env.DATABASE_URL)("the PostgreSQL client when a connection dies", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 });
  });
  afterAll(() => database?.close());

  it("survives the server ending a checked-out connection (no unhandled 'error'), and the pool goes on with a new one", async () => {
    const pool = database.pool as pg.Pool;
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const unhandled: unknown[] = [];
    const onUncaught = (err: unknown) => unhandled.push(err);
    process.on("uncaughtException", onUncaught);
    try {
      // What a restart of PostgreSQL does to a connection held between two statements of a transaction.
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 300));
      await expect(client.query("select 1")).rejects.toThrow();
      client.release();
      expect((await pool.query<{ one: number }>("select 1 as one")).rows[0]?.one).toBe(1);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
    expect(unhandled).toEqual([]);
  });
});
