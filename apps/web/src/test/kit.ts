/** The component-test kit in one import: the scripted API, page rendering and data builders. */
export * from "./fixtures.ts";
export { mockServer, type Reply, type Request, type Route } from "./mock-server.ts";
export { renderPage, renderSignedIn } from "./render.tsx";
