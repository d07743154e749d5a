// The top-up form as the customer left it, kept for the browser tab: on
// Android, switching to the banking app and back often reloads the page, and
// the customer must come back to the amount they were paying (the server keeps
// the quote, so the total is the same too).
const DRAFT_KEY = 'topup_draft';

export interface TopupDraft {
  amount: string;
  method: string;
  /** The customer said they have paid: the receipt step is open. */
  paid: boolean;
}

const empty: TopupDraft = { amount: '', method: '', paid: false };

/** The draft userId left in this tab, or an empty form (another customer's draft is not theirs). */
export function loadDraft(userId: number | undefined): TopupDraft {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return empty;
    const value = JSON.parse(raw) as Partial<TopupDraft> & { user?: number };
    if (value.user !== userId) return empty;
    return {
      amount: typeof value.amount === 'string' ? value.amount.replace(/\D/g, '') : '',
      method: typeof value.method === 'string' ? value.method : '',
      paid: value.paid === true,
    };
  } catch {
    return empty; // unreadable or storage disabled: a fresh form
  }
}

export function saveDraft(userId: number | undefined, draft: TopupDraft) {
  try {
    if (!draft.amount && !draft.method) sessionStorage.removeItem(DRAFT_KEY);
    else sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ user: userId, ...draft }));
  } catch {
    // storage unavailable: the form is simply not restored
  }
}

export function clearDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}
