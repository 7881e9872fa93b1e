/**
 * The setup the access API tests share: a test app (PGlite) with an admin's workspace and the
 * members a describe block asks for, in the order asked. "outsider" is a user of another workspace.
 *
 *   let t: TestApp; let admin: TestUser; let viewer: TestUser;
 *   beforeAll(async () => ({ t, admin, viewer } = await accessWorkspace(["viewer"])));
 *   afterAll(() => t.close());
 */
import { createTestApp, type TestApp } from "../../../test/create-test-app.ts";
import { addMember, createUser, type TestUser } from "../../../test/factories.ts";

export const RBAC = "/api/v1/rbac";

type Member = "viewer" | "manager" | "support" | "outsider";

export async function accessWorkspace<M extends Member>(members: M[]): Promise<{ t: TestApp; admin: TestUser } & Record<M, TestUser>> {
  const t = await createTestApp();
  const admin = await createUser(t.database.db);
  const made = {} as Record<M, TestUser>;
  for (const m of members) {
    made[m] = m === "outsider" ? await createUser(t.database.db) : await addMember(t.database.db, admin, m);
  }
  return { t, admin, ...made };
}
