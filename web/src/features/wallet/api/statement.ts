import { useEffect, useRef } from 'react';
import useSWRInfinite from 'swr/infinite';

import { useSession } from '@/hooks/use-session';
import { api } from '@/lib/api-client';
import { apiPath } from '@/lib/api-path';
import type { StatementEntry as ContractStatementEntry } from '@/types/api';

export const STATEMENT_KINDS = ['topup', 'order', 'refund', 'adjustment'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

// The server leaves these out when empty (omitempty) rather than sending null.
type LeftOutWhenEmpty = 'order_id' | 'topup_id' | 'reason';

/** One ledger entry as GET /api/wallet/ledger answers it, its kind narrowed to the four the server writes. */
export interface StatementEntry extends Omit<ContractStatementEntry, 'kind' | LeftOutWhenEmpty>, Partial<Pick<ContractStatementEntry, LeftOutWhenEmpty>> {
  kind: StatementKind;
}

export interface StatementPage {
  success: boolean;
  data: StatementEntry[];
  next_cursor: string | null;
  /** The wallet's balance: the sum of every entry. */
  balance: number;
}

export interface StatementFilter {
  kind: StatementKind | '';
  /** YYYY-MM, or '' for every month. */
  month: string;
}

/** SWR keys: a page of one filter from one cursor. */
export const statementKeys = {
  page: (filter: StatementFilter, cursor: string | null) =>
    apiPath('/wallet/ledger', { kind: filter.kind || undefined, month: filter.month || undefined, cursor }),
};

/**
 * The statement newest first, a page at a time by cursor ("Show older" loads
 * the next). Every change of the balance is a new entry, so the pages are
 * fetched again whenever the session's balance changes — which the realtime
 * bridge updates on user.updated and after a reconnect.
 */
export function useStatement(filter: StatementFilter) {
  const balance = useSession().user?.wallet_amount;
  const statement = useSWRInfinite<StatementPage, unknown>(
    (index, previous: StatementPage | null) => {
      if (index > 0 && !previous?.next_cursor) return null;
      return statementKeys.page(filter, index === 0 ? null : (previous?.next_cursor ?? null));
    },
    // The statement is not enveloped: the page is the whole answer.
    (key: string) => api.get<StatementPage>(key),
    { revalidateFirstPage: true },
  );
  const { mutate } = statement;
  const seen = useRef(balance);
  useEffect(() => {
    if (seen.current === balance) return;
    seen.current = balance;
    void mutate();
  }, [balance, mutate]);
  return statement;
}

/** Downloads a month (YYYY-MM) as the CSV file the server writes. */
export async function downloadStatement(month: string): Promise<void> {
  const blob = await api.blob('/wallet/statement.csv', { params: { month } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `shwe-topup-statement-${month}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
