/**
 * Every AI page (issue 17) on a new workspace: each opens from its side-nav group (the spec's
 * group), states its question, shows an empty state that says how to get data (never sample
 * figures), and logs no console error. Screenshots land in test-results/screens/ai-*.png.
 */
import { expect, test } from "@playwright/test";
import { collectErrors, signUp, type TourPage, tourPages } from "../page-tour.ts";

const password = "Prospect0r!ai-pages";

const PAGES: TourPage[] = [
  { path: "/ai-agents", group: "AI & Intelligence", label: "AI Agents" },
  { path: "/ai-activity", group: "AI & Intelligence", label: "AI Activity" },
  { path: "/ai-doctor", group: "AI & Intelligence", label: "AI Doctor" },
  { path: "/ai-tools/llm-console", group: "AI & Intelligence", label: "LLM Console" },
  { path: "/ai-tools/causal-analytics", group: "AI & Intelligence", label: "Causal Analytics" },
  { path: "/ai-tools/mlops-registry", group: "AI & Intelligence", label: "Model Registry" },
  { path: "/ai-tools/model-repository", group: "AI & Intelligence", label: "Model Repository" },
  { path: "/ai-tools/deployment-pipeline", group: "AI & Intelligence", label: "Deployments" },
  { path: "/ai-tools/performance-monitor", group: "AI & Intelligence", label: "Model Monitor" },
  { path: "/memory-intelligence", group: "AI & Intelligence", label: "Lead Memory" },
  { path: "/ml-feedback", group: "AI & Intelligence", label: "AI Feedback" },
  { path: "/ai/reinforcement-learning", group: "AI & Intelligence", label: "Variant Bandit" },
  { path: "/ml/feature-store", group: "Business Optimization", label: "Feature Store" },
  { path: "/content/multimodal", group: "Content", label: "Personalized Images" },
  // Reached from AI outputs and from each other, not from the side nav.
  { path: "/ai-transparency", group: null, label: "" },
  { path: "/explainability", group: null, label: "" },
  { path: "/explainability/patterns", group: null, label: "" },
  { path: "/explainability/recommendations", group: null, label: "" },
  { path: "/explainability/performance", group: null, label: "" },
];

test("every AI page opens from its nav group, asks its question and logs no error", async ({ page }) => {
  test.setTimeout(420_000);
  const errors = collectErrors(page);
  await signUp(page, "Ada Ai", "ai-pages", password);
  await tourPages(page, PAGES, "ai");
  expect(errors).toEqual([]);
});
