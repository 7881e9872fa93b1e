/** The local mailbox: instance administrators read the system email this instance produced. */
import type { Feature } from "../../platform/feature.ts";
import { mailboxRoutes } from "./mailbox.routes.ts";

export const mailboxFeature: Feature = {
  name: "mailbox",
  routes(app, ctx) {
    mailboxRoutes(app, ctx);
  },
};
