/**
 * /api/user-settings (outreach-core §7): the flat settings and their groups, accessibility, and
 * the profile picture. Password, two-factor, sessions and /security belong to identity.
 */
import {
  AccessibilitySettings,
  AccessibilityUpdate,
  DashboardSettings,
  DashboardUpdate,
  DataSettings,
  DataUpdate,
  EmailSettings,
  EmailUpdate,
  MAX_PROFILE_PICTURE_BYTES,
  NotificationSettings,
  NotificationUpdate,
  ProfilePicture,
  ProfileSettings,
  ProfileUpdate,
  SettingsUpdate,
  UserSettings,
} from "@prospector/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { requireAuth } from "../../platform/auth-context.ts";
import { AppError } from "../../platform/errors.ts";
import { uploadRoutes } from "../../platform/uploads.ts";
import { readProfilePicture, removeProfilePicture, uploadProfilePicture } from "./profile-picture.service.ts";
import { getUserSettings, updateUserSettings } from "./user-settings.service.ts";

const BASE = "/api/user-settings";

/** Each tab's group: the fields it shows and the update it accepts. */
const GROUPS = {
  profile: { schema: ProfileSettings, update: ProfileUpdate },
  notifications: { schema: NotificationSettings, update: NotificationUpdate },
  email: { schema: EmailSettings, update: EmailUpdate },
  dashboard: { schema: DashboardSettings, update: DashboardUpdate },
  data: { schema: DataSettings, update: DataUpdate },
} as const;

const pick = <T extends z.ZodObject>(schema: T, all: UserSettings) =>
  Object.fromEntries(Object.keys(schema.shape).map((k) => [k, all[k as keyof UserSettings]])) as z.infer<T>;

/** Reads the single `file` part, refusing oversize files without buffering more than the limit. */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError("FILE_MISSING");
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(() => undefined);
  if (part?.fieldname !== "file") throw new AppError("FILE_MISSING");
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("FILE_TOO_LARGE");
    throw err;
  }
  if (part.file.truncated) throw new AppError("FILE_TOO_LARGE");
  return data;
}

export function userSettingsRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["user-settings"];

  app.get(`${BASE}/settings`, { config: { access: "authenticated" }, schema: { tags, response: { 200: UserSettings } } }, (req) =>
    getUserSettings(ctx, requireAuth(req)),
  );
  app.put(
    `${BASE}/settings`,
    { config: { access: "authenticated" }, schema: { tags, body: SettingsUpdate, response: { 200: UserSettings } } },
    (req) => updateUserSettings(ctx, requireAuth(req), req.body),
  );

  for (const [name, group] of Object.entries(GROUPS)) {
    app.get(
      `${BASE}/settings/${name}`,
      { config: { access: "authenticated" }, schema: { tags, response: { 200: group.schema } } },
      async (req) => pick(group.schema, await getUserSettings(ctx, requireAuth(req))),
    );
    app.put(
      `${BASE}/settings/${name}`,
      { config: { access: "authenticated" }, schema: { tags, body: group.update, response: { 200: group.schema } } },
      async (req) => pick(group.schema, await updateUserSettings(ctx, requireAuth(req), req.body as SettingsUpdate)),
    );
  }

  app.get(
    `${BASE}/settings/accessibility`,
    { config: { access: "authenticated" }, schema: { tags, response: { 200: AccessibilitySettings } } },
    async (req) => (await getUserSettings(ctx, requireAuth(req))).accessibility,
  );
  app.put(
    `${BASE}/settings/accessibility`,
    { config: { access: "authenticated" }, schema: { tags, body: AccessibilityUpdate, response: { 200: AccessibilitySettings } } },
    async (req) => (await updateUserSettings(ctx, requireAuth(req), { accessibility: req.body })).accessibility,
  );

  uploadRoutes(fastify, (uploads) =>
    uploads.post(
      `${BASE}/profile/picture`,
      { config: { access: "authenticated" }, schema: { tags, consumes: ["multipart/form-data"], response: { 200: ProfilePicture } } },
      async (req) => {
        const auth = requireAuth(req);
        const url = await uploadProfilePicture(ctx, auth.userId, await readUpload(req, MAX_PROFILE_PICTURE_BYTES));
        return { profile_picture_url: url };
      },
    ),
  );
  app.delete(
    `${BASE}/profile/picture`,
    { config: { access: "authenticated" }, schema: { tags, response: { 200: ProfilePicture } } },
    async (req) => {
      await removeProfilePicture(ctx, requireAuth(req).userId);
      return { profile_picture_url: null };
    },
  );
  // Public on purpose: <img> tags cannot send the bearer token. The name holds 128 random bits.
  app.get(
    `${BASE}/profile/picture/:file`,
    { config: { access: "public" }, schema: { tags, params: z.object({ file: z.string().max(120) }) } },
    async (req, reply) => {
      const pic = await readProfilePicture(ctx, req.params.file);
      if (!pic) throw new AppError("NOT_FOUND", "Picture not found");
      return reply
        .header("content-type", pic.type)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(pic.data);
    },
  );
}
