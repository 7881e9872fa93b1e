/**
 * Test set-up for component tests: DOM cleanup, the browser APIs jsdom lacks, and the contract
 * check of the scripted API (test/mock-server.ts): a mocked answer the server would not send fails
 * the test that made it.
 */
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { takeContractDrift } from "./mock-server.ts";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  const drift = takeContractDrift();
  if (drift.length) throw new Error(`Mocked answers the server would not send (fix the mock or the contract):\n- ${drift.join("\n- ")}`);
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
