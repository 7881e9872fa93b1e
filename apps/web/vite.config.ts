/**
 * Web app build: React, the dev proxy to the API on :8000 (so /api, /ws and /docs share one
 * origin as in production), and a build into apps/web/dist that the API server serves.
 */
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.PROSPECTOR_API_URL ?? "http://127.0.0.1:8000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
      "/ws": { target: apiTarget.replace(/^http/, "ws"), ws: true },
      "/docs": { target: apiTarget },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Pages are split by route through lazy imports; the large libraries get their own
        // long-cached chunks so a page change does not re-download them.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 30 },
            { name: "mui-x", test: /node_modules[\\/]@mui[\\/]x-/, priority: 25 },
            { name: "mui", test: /node_modules[\\/](@mui|@emotion)[\\/]/, priority: 20 },
            { name: "vendor", test: /node_modules/, priority: 10 },
          ],
        },
      },
    },
  },
});
