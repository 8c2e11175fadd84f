import { sql, type SQL } from 'drizzle-orm';

/**
 * What an order's reconciliation CSV reads (export.ts says how it is shown): the order's codes
 * (`k`) with their recipient's file line (`r`) and their e-mail (`m`, none yet: NULL), in the
 * recipients' file order. The report of every order's codes (reports/types/square-codes.ts) reads
 * the same values over its own rows, under the same names.
 */
export function reconciliationRows(orderId: string) {
  return {
    from: (condition: SQL) =>
      sql`FROM square_codes k JOIN square_order_recipients r ON r.id = k.recipient_id LEFT JOIN square_communications m ON m.code_id = k.id
          WHERE k.order_id = ${orderId} AND ${condition}`,
    key: { column: sql`r.line`, type: 'integer' as const, id: sql`k.id`, order: 'ASC' as const },
    values: {
      code: sql`k.code`,
      email: sql`k.email`,
      firstName: sql`k.first_name`,
      lastName: sql`k.last_name`,
      amountCents: sql`k.amount_cents`,
      valueCents: sql`k.value_cents`,
      status: sql`k.status`,
      activationDate: sql`k.activation_date`,
      expireDate: sql`k.expire_date`,
      communicationStatus: sql`m.status`,
      retryNumber: sql`m.retry_number`,
      sentAt: sql`m.sent_at`,
      lastSmtpAnswer: sql`m.last_smtp_answer`,
    },
  };
}
