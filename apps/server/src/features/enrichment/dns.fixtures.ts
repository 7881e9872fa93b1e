/**
 * Test fixture: a tiny authoritative DNS server over UDP on 127.0.0.1 (A, AAAA, MX, TXT; NXDOMAIN for
 * unknown names), so MX checks and host lookups run offline against records the test defines.
 * The zone object is read on every query, so a test may change it between lookups. A name may also
 * misbehave on purpose (deliverability checks): never answer, answer SERVFAIL, or answer garbage.
 */
import dgram from "node:dgram";
import type { AddressInfo } from "node:net";

export interface Zone {
  [name: string]: {
    a?: string[];
    aaaa?: string[];
    mx?: { preference: number; exchange: string }[];
    txt?: string[];
    /** Never answer (the resolver times out). */
    timeout?: boolean;
    /** Answer with RCODE 2 (SERVFAIL). */
    servfail?: boolean;
    /** Answer with bytes that are not a DNS message for the question (malformed). */
    garbage?: boolean;
  };
}

const TYPE = { A: 1, MX: 15, TXT: 16, AAAA: 28 } as const;

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i]! !== 0) {
    const len = msg[i]!;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString("ascii"));
    i += len + 1;
  }
  return { name: labels.join(".").toLowerCase(), end: i + 1 };
}

function encodeName(name: string): Buffer {
  const parts = name.split(".").filter(Boolean);
  return Buffer.concat([...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p, "ascii")])), Buffer.from([0])]);
}

function ipv6Bytes(ip: string): Buffer {
  const [head, tail] = ip.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  const buf = Buffer.alloc(16);
  for (const [i, g] of groups.entries()) buf.writeUInt16BE(Number.parseInt(g || "0", 16), i * 2);
  return buf;
}

function answer(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // pointer to the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6); // TTL
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

function wildcard(zone: Zone, name: string): Zone[string] | undefined {
  const labels = name.split(".");
  for (let i = 1; i < labels.length; i++) {
    const hit = zone[`*.${labels.slice(i).join(".")}`];
    if (hit) return hit;
  }
  return undefined;
}

export async function startDnsServer(zone: Zone) {
  const queries: { name: string; type: number }[] = [];
  const socket = dgram.createSocket("udp4");
  socket.on("message", (msg, rinfo) => {
    const { name, end } = readName(msg, 12);
    const type = msg.readUInt16BE(end);
    queries.push({ name, type });
    // "*.zone.test" answers for every name under zone.test that has no record of its own.
    const record = zone[name] ?? wildcard(zone, name);
    if (record?.timeout) return;
    if (record?.garbage) {
      // The right id (so the resolver reads it), then a header claiming answers that are not there.
      const junk = Buffer.from([msg[0]!, msg[1]!, 0x84, 0x00, 0x00, 0x01, 0x00, 0x05, 0xff, 0xff, 0xff, 0xff, 0x07, 0x67, 0x61]);
      socket.send(junk, rinfo.port, rinfo.address);
      return;
    }
    const answers: Buffer[] = [];
    if (record && type === TYPE.A) for (const ip of record.a ?? []) answers.push(answer(TYPE.A, Buffer.from(ip.split(".").map(Number))));
    if (record && type === TYPE.AAAA) for (const ip of record.aaaa ?? []) answers.push(answer(TYPE.AAAA, ipv6Bytes(ip)));
    if (record && type === TYPE.MX) {
      for (const mx of record.mx ?? []) {
        const pref = Buffer.alloc(2);
        pref.writeUInt16BE(mx.preference);
        answers.push(answer(TYPE.MX, Buffer.concat([pref, encodeName(mx.exchange)])));
      }
    }
    if (record && type === TYPE.TXT) {
      for (const value of record.txt ?? []) {
        // One record; long values split into 255-byte character strings, as DNS requires.
        const chunks = value.match(/.{1,255}/gs) ?? [""];
        answers.push(answer(TYPE.TXT, Buffer.concat(chunks.map((c) => Buffer.concat([Buffer.from([c.length]), Buffer.from(c, "ascii")])))));
      }
    }
    if (record?.servfail) answers.length = 0;
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // id
    // QR, AA, RD copied; RCODE 3 (NXDOMAIN) for names outside the zone.
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | (record?.servfail ? 2 : record ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, msg.subarray(12, end + 4), ...answers]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((r) => socket.bind(0, "127.0.0.1", r));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    queries,
    close: () => new Promise<void>((r) => socket.close(() => r())),
  };
}
