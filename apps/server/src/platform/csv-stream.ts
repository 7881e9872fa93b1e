/**
 * A CSV answer streamed from a generator of rows (the header row first). The header and the first
 * data row are read before the stream is returned, so a query the database refuses (a filter it
 * cannot use) becomes an error answer instead of a 200 that never ends; a failure later on destroys
 * the stream (`pipeline`: `.pipe` left the CSV stream open and the request hanging).
 */
import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";

export async function csvStream(rows: AsyncGenerator<readonly unknown[]>): Promise<Readable> {
  const head = [await rows.next(), await rows.next()].flatMap((r) => (r.done ? [] : [r.value]));
  async function* all() {
    yield* head;
    yield* rows;
  }
  return pipeline(Readable.from(all()), stringify(), () => {});
}
