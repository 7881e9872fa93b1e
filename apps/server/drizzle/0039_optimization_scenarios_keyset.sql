DROP INDEX "optimization_scenarios_ws_created_idx";--> statement-breakpoint
CREATE INDEX "optimization_scenarios_ws_id_idx" ON "optimization_scenarios" USING btree ("workspace_id","id");