/** The device and location lines of the sessions list, from real browsers' user agents and addresses. */
import { describe, expect, it } from "vitest";
import { describeDevice, describeLocation, normalizeIp } from "./session-device.ts";

describe("describeDevice", () => {
  it.each([
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on macOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
      "Edge on Windows",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"],
    ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Ubuntu"],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
      "Chrome on iOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      "Samsung Internet on Android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0",
      "Opera on Windows",
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on ChromeOS",
    ],
    ["curl/8.11.0", "curl"],
    ["PostmanRuntime/7.42.0", "Postman"],
    ["python-requests/2.32.3", "Python"],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Vivaldi/7.0",
      "Vivaldi on Linux",
    ],
  ])("%s → %s", (ua, device) => {
    expect(describeDevice(ua).device).toBe(device);
  });

  it("says Unknown device when the browser sent nothing it recognises", () => {
    expect(describeDevice(null)).toEqual({ device: "Unknown device", browser: null, os: null });
    expect(describeDevice("   ")).toEqual({ device: "Unknown device", browser: null, os: null });
    expect(describeDevice("SomeBot/1.0").device).toBe("Unknown device");
  });
});

describe("describeLocation", () => {
  it.each(["127.0.0.1", "::1", "::ffff:10.1.2.3", "172.20.0.5", "192.168.1.20", "fe80::1", "fd12:3456::1"])(
    "%s is the local network",
    (ip) => {
      expect(describeLocation(ip)).toBe("Local network");
    },
  );

  it("never invents a place for a public address", () => {
    expect(describeLocation("8.8.8.8")).toBe("Unknown");
    expect(describeLocation("172.32.0.1")).toBe("Unknown");
    expect(describeLocation("2001:4860:4860::8888")).toBe("Unknown");
  });

  it("asks a configured locator about public addresses only", () => {
    const asked: string[] = [];
    const locate = (ip: string) => {
      asked.push(ip);
      return "Germany";
    };
    expect(describeLocation("::ffff:8.8.4.4", locate)).toBe("Germany");
    expect(describeLocation("10.0.0.1", locate)).toBe("Local network");
    expect(asked).toEqual(["8.8.4.4"]);
  });

  it("treats missing or malformed addresses as Unknown", () => {
    for (const ip of [null, undefined, "", "not-an-ip", "999.1.1.1"]) expect(describeLocation(ip)).toBe("Unknown");
    expect(normalizeIp(" ::FFFF:192.168.0.1 ")).toBe("192.168.0.1");
  });
});
