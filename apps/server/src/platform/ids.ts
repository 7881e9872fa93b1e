/** IDs are UUIDv7: generated in the app, time-ordered so inserts stay index-friendly. */
import { v7 } from "uuid";

export const newId = (): string => v7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID.test(s);
