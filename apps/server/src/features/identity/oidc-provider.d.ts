/** The slice of `oidc-provider` (a test-only devDependency without bundled types) the SSO test uses. */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>;
    cookies?: { keys?: string[] };
    ttl?: Record<string, number>;
    [key: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
