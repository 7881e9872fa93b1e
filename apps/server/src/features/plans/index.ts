/** The plans feature's public surface: the monthly lead allowance and its usage table. */
export {
  addLeadUsage,
  getLeadAllowance,
  type LeadAllowance,
  lockLeadAllowance,
  monthStart,
  organizationOfWorkspace,
} from "./plans.service.ts";
export * from "./plans.table.ts";
