/** The reports routes' success bodies (see ../contract-routes.ts), as reports.routes.ts answers them. */
import {
  ReportDelivery,
  ReportDeliveryList,
  ReportRecipientOptions,
  ReportSchedule,
  ReportScheduleList,
  SavedReport,
  SavedReportList,
} from "@prospector/contracts";
import type { StatusSchemas } from "../contract-routes.ts";

export const REPORTS_ROUTES: Record<string, StatusSchemas> = {
  "GET /api/reports": { 200: SavedReportList },
  "POST /api/reports": { 201: SavedReport },
  "GET /api/reports/recipients": { 200: ReportRecipientOptions },
  "GET /api/reports/deliveries": { 200: ReportDeliveryList },
  "GET /api/reports/:id": { 200: SavedReport },
  "PATCH /api/reports/:id": { 200: SavedReport },
  "DELETE /api/reports/:id": { 204: null },
  "GET /api/reports/:id/schedules": { 200: ReportScheduleList },
  "POST /api/reports/:id/schedules": { 201: ReportSchedule },
  "PUT /api/reports/schedules/:id": { 200: ReportSchedule },
  "DELETE /api/reports/schedules/:id": { 204: null },
  "POST /api/reports/schedules/:id/send": { 202: ReportDelivery },
};
