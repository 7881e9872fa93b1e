import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ME, mockServer, renderSignedIn } from "../../../test/kit.ts";
import { advice, report } from "../coaching.fixtures.ts";
import { CoachingChip } from "./coaching-chip.tsx";

afterEach(() => vi.unstubAllGlobals());

describe("the coaching chip in the campaign editor", () => {
  it("shows the step's score and its biggest fixes, with a way to the full advice", async () => {
    const s = mockServer({
      "GET /api/auth/me": { body: ME },
      "POST /api/coaching/score": {
        body: report({ score: 72, verdict: "good", advice: [advice({ title: "No question to answer", points: 4 })] }),
      },
    });
    renderSignedIn(<CoachingChip subject="Hello" body="Hi there" label="Step 1" to="/email-coaching?campaign=c1&step=0:0" />, {
      path: "/",
    });
    const chip = await screen.findByRole("button", { name: "Step 1: coaching score 72, Good to send" });
    expect(s.to("POST", "/api/coaching/score")[0]?.body).toEqual({ subject: "Hello", body: "Hi there" });
    await userEvent.click(chip);
    expect(await screen.findByText("No question to answer (+4)")).toBeTruthy();
    expect(screen.getByRole("link", { name: "All advice in Email Coaching" }).getAttribute("href")).toBe(
      "/email-coaching?campaign=c1&step=0:0",
    );
  });

  it("asks nothing for an empty step", async () => {
    const s = mockServer({ "GET /api/auth/me": { body: ME } });
    renderSignedIn(<CoachingChip subject="" body=" " label="Step 2" />, { path: "/" });
    expect(await screen.findByText("Score: write to see it")).toBeTruthy();
    expect(s.to("POST", "/api/coaching/score")).toHaveLength(0);
  });
});
