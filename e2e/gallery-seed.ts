/**
 * Seeds the chart gallery's fixed data set (gallery-data.ts) into a fresh database before the server
 * starts (server.ts): an ordinary user who can sign in with a password, in their own organization
 * and workspace, with four campaigns' sends, events and leads at fixed past UTC dates. Written with
 * the server's own migrations, db client and test factories — the product has no test-only route.
 */
import { hashPassword } from "better-auth/crypto";
// Type-only: brings the features' AppContext augmentations into e2e's typecheck (erased at run time).
import type {} from "../apps/server/src/app.ts";
import type { Database } from "../apps/server/src/db/client.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { campaignEvents, campaignMessages, campaigns } from "../apps/server/src/features/campaigns/campaigns.table.ts";
import { accounts } from "../apps/server/src/features/identity/identity.table.ts";
import { leads } from "../apps/server/src/features/leads/leads.table.ts";
import { createUser } from "../apps/server/test/factories.ts";
import { GALLERY_CAMPAIGNS, GALLERY_FROM, GALLERY_TO, GALLERY_USER, galleryData } from "./gallery-data.ts";

const BATCH = 200;

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function seedGallery(database: Database): Promise<void> {
  await migrate(database);
  const { db } = database;
  const user = await createUser(db, { email: GALLERY_USER.email, name: GALLERY_USER.name });
  await db.insert(accounts).values({
    accountId: user.id,
    providerId: "credential",
    userId: user.id,
    password: await hashPassword(GALLERY_USER.password),
  });

  const { leads: leadRows, messages } = galleryData();
  const campaignIds = await db
    .insert(campaigns)
    .values(
      GALLERY_CAMPAIGNS.map((name) => ({
        workspaceId: user.workspaceId,
        name,
        status: "completed" as const,
        steps: [{ delay_days: 0, subject: `${name}: a question`, body: "Hi {{first_name}}, …", variants: [] }],
        schedule: { timezone: "UTC", days: [1, 2, 3, 4, 5], start: "09:00", end: "17:00" },
        createdBy: user.id,
        createdAt: new Date(`${GALLERY_FROM}T06:00:00Z`),
        launchedAt: new Date(`${GALLERY_FROM}T08:00:00Z`),
        completedAt: new Date(`${GALLERY_TO}T20:00:00Z`),
      })),
    )
    .returning({ id: campaigns.id })
    .then((rows) => rows.map((r) => r.id));

  const leadIds: string[] = [];
  await inBatches(leadRows, async (batch) => {
    const rows = await db
      .insert(leads)
      .values(
        batch.map((l) => ({
          workspaceId: user.workspaceId,
          firstName: l.firstName,
          email: l.email,
          companyName: "Acme",
          source: l.source,
          status: "contacted" as const,
          createdBy: user.id,
          createdAt: l.createdAt,
          updatedAt: l.createdAt,
        })),
      )
      .returning({ id: leads.id });
    leadIds.push(...rows.map((r) => r.id));
  });

  const messageIds: string[] = [];
  await inBatches(messages, async (batch) => {
    const rows = await db
      .insert(campaignMessages)
      .values(
        batch.map((m) => ({
          workspaceId: user.workspaceId,
          campaignId: campaignIds[m.campaign]!,
          leadId: leadIds[m.lead]!,
          step: 0,
          status: m.bounced ? ("bounced" as const) : ("sent" as const),
          subject: `${GALLERY_CAMPAIGNS[m.campaign]}: a question`,
          attempts: 1,
          scheduledAt: m.sentAt,
          sentAt: m.sentAt,
          createdAt: m.sentAt,
          updatedAt: m.sentAt,
        })),
      )
      .returning({ id: campaignMessages.id });
    messageIds.push(...rows.map((r) => r.id));
  });

  const events = messages.flatMap((m, i) =>
    m.events.map((e) => ({
      workspaceId: user.workspaceId,
      campaignId: campaignIds[m.campaign]!,
      leadId: leadIds[m.lead]!,
      messageId: messageIds[i]!,
      type: e.type,
      step: 0,
      variant: 0,
      occurredAt: e.occurredAt,
    })),
  );
  await inBatches(events, (batch) => db.insert(campaignEvents).values(batch));
}
