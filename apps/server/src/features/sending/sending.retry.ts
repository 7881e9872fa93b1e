/**
 * The sender's database transactions re-run when PostgreSQL picks them as a deadlock victim or
 * cannot serialize them (db/retry.ts), so a writer outside the lock order costs a retry, not a
 * failed pass. Only database work goes through here, never an SMTP call: a re-run must not send.
 */
import { retryTransaction } from "../../db/retry.ts";
import type { Sender } from "./sending.types.ts";

/**
 * Runs up to 5 times: a "sent" mark that gives up leaves delivered messages "sending", and those go
 * again after the lease, so the sender tries harder than a request would.
 */
export const SENDER_TX_ATTEMPTS = 5;

export function senderTransaction<T>(s: Pick<Sender, "ctx">, what: string, run: () => Promise<T>): Promise<T> {
  return retryTransaction(run, {
    attempts: SENDER_TX_ATTEMPTS,
    onRetry: (err, attempt) => s.ctx.log.warn({ err, attempt }, `sending: ${what} retried after a deadlock`),
  });
}
