/**
 * A local server speaking the OpenAI chat-completions API with scripted answers, for every AI test
 * (agents, the console, the gateway). `answer` decides each reply from the request; it may return a
 * string (the assistant's message, with usage counted from the text), a full response, or an HTTP
 * error. Every request is kept in `requests` for assertions.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface LlmRequest {
  path: string;
  auth: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[]; max_tokens?: number; temperature?: number };
}

export type LlmScriptAnswer =
  | string
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { delayMs: number; then: LlmScriptAnswer }
  | { content: string; usage?: { prompt_tokens: number; completion_tokens: number } | null; model?: string };

export type LlmScript = (req: LlmRequest, n: number) => LlmScriptAnswer | Promise<LlmScriptAnswer>;

const tokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

export async function startLlmTestServer(script: LlmScript = () => "OK") {
  const requests: LlmRequest[] = [];
  let current = script;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", async () => {
      const request: LlmRequest = { path: req.url ?? "", auth: req.headers.authorization, body: JSON.parse(raw || "{}") };
      requests.push(request);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        if (res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      const reply = async (a: LlmScriptAnswer): Promise<void> => {
        if (typeof a === "string") return reply({ content: a });
        if ("delayMs" in a) {
          await new Promise((r) => setTimeout(r, a.delayMs));
          return reply(a.then);
        }
        if ("status" in a) return json(a.status, a.body, a.headers);
        const prompt = (request.body.messages ?? []).map((m) => m.content).join("\n");
        json(200, {
          id: `chatcmpl-${requests.length}`,
          object: "chat.completion",
          model: a.model ?? request.body.model ?? "test-model",
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: a.content } }],
          // `usage: null` plays a provider that counts nothing.
          usage:
            a.usage === null
              ? undefined
              : (a.usage ?? {
                  prompt_tokens: tokens(prompt),
                  completion_tokens: tokens(a.content),
                  total_tokens: tokens(prompt) + tokens(a.content),
                }),
        });
      };
      try {
        await reply(await current(request, requests.length));
      } catch (err) {
        json(500, { error: { message: (err as Error).message } });
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    /** The base URL to put in LLM_BASE_URL. */
    url,
    requests,
    /** Replaces the script for the next requests. */
    script(next: LlmScript) {
      current = next;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type LlmTestServer = Awaited<ReturnType<typeof startLlmTestServer>>;
