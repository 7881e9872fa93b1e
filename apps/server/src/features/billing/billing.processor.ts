/**
 * The seam for a card payment processor (Stripe or similar). None ships configured: without one
 * the API says `paymentsConfigured: false`, plan changes are an administrator's setting with no
 * charge, and no card data is ever accepted. An implementation maps its declines to CARD_DECLINED,
 * CARD_EXPIRED or INSUFFICIENT_FUNDS (see settings.errors.ts) and reports invoices it issued.
 */
import type { BillingCycle } from "@prospector/contracts";

export interface SubscriptionResult {
  status: "active" | "past_due";
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  customerId: string;
}

export interface ProcessorInvoice {
  processorInvoiceId: string;
  number: string;
  amountCents: number;
  currency: string;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  description: string;
  issuedAt: Date;
  periodStart: Date | null;
  periodEnd: Date | null;
}

export interface PaymentProcessor {
  readonly name: string;
  /** Charges or prorates as the processor does; throws AppError(CARD_DECLINED | CARD_EXPIRED | INSUFFICIENT_FUNDS). */
  changeSubscription(input: {
    organizationId: string;
    customerId: string | null;
    planId: string;
    cycle: BillingCycle;
  }): Promise<SubscriptionResult>;
  invoices(customerId: string): Promise<ProcessorInvoice[]>;
}

/** No processor is built in yet; this is where a configured one would be constructed. */
export function createPaymentProcessor(): PaymentProcessor | null {
  return null;
}
