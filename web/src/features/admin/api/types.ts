import type {
  AdminBanner,
  AdminGame,
  AdminLedgerEntry,
  AdminOrder as ContractAdminOrder,
  AdminPaymentMethod,
  AdminProduct,
  AdminService,
  AdminTimelineStep,
  AdminTopup as ContractAdminTopup,
  Topup,
  User,
} from '@/types/api';

// JSON shapes of /api/admin/* (api/admin*.go). Amounts are whole kyat.

export type TopupStatus = 'pending' | 'confirmed' | 'rejected';

/** The contract's Topup with its status narrowed to the three the server writes. */
export interface TopupRow extends Omit<Topup, 'status'> {
  status: TopupStatus;
}

/** A queued top-up: the contract's, with its status and receipt checks narrowed (the checks are left out where not computed). */
export interface AdminTopup extends Omit<ContractAdminTopup, 'status' | 'checks'> {
  status: TopupStatus;
  checks?: TopupChecks;
}

export type CheckName = 'amount' | 'transaction_id' | 'duplicate_image' | 'receipt_date';
export type CheckResult = 'pass' | 'fail' | 'not_read';
/** What confirming takes: one tap, the usual dialog, a second confirmation naming the failures, or only rejecting. */
export type CheckVerdict = 'clean' | 'not_read' | 'flagged' | 'blocked';

export interface EarlierTopup {
  topup_id: number;
  user_id: number;
  username: string;
  status: TopupStatus;
  created_at: string;
  distance?: number;
}

export interface TopupChecks {
  reading: 'pending' | 'read' | 'not_available' | 'failed';
  verdict: CheckVerdict;
  failed: CheckName[];
  amount: { result: CheckResult; expected: number; read: number | null; confidence: number };
  transaction_id: { result: CheckResult; read: string | null; confidence: number; earlier: EarlierTopup[]; rule: ReuseRule; blocks: boolean };
  duplicate_image: { result: CheckResult; threshold: number; earlier: EarlierTopup[] };
  receipt_date: { result: CheckResult; read: string | null; confidence: number; quoted_at: string | null };
}

export type ReuseRule = 'block' | 'warn';

export interface ReceiptRules {
  near_duplicate_threshold: number;
  threshold_min: number;
  threshold_max: number;
  threshold_default: number;
  payment_methods: { id: number; name: string; is_active: boolean; reused_transaction_id: ReuseRule }[];
}

export type OrderStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'refunded';
export type ProductKind = 'coin' | 'code' | 'account';

/** An order in the admin's lists: the contract's, with its status and kind narrowed. */
export interface AdminOrder extends Omit<ContractAdminOrder, 'status' | 'product_kind'> {
  status: OrderStatus;
  product_kind: ProductKind;
}

/** An account as the admin sees it: the contract's User. */
export type AdminUser = User;

export interface TopupDetail {
  topup: AdminTopup;
  receipt: { upload_id: number; url: string; content_type: string; size: number; width: number; height: number; deleted: boolean };
  duplicate_receipt: boolean;
  duplicates: {
    upload_id: number;
    user_id: number;
    username: string;
    topup_id: number | null;
    topup_status: TopupStatus | null;
    created_at: string;
  }[];
  customer: AdminUser;
  history: { topups: TopupRow[]; orders: AdminOrder[]; recent_confirmed: number; recent_rejected: number };
}

export type TimelineEntry = AdminTimelineStep;

export interface OrderDetail {
  order: AdminOrder;
  timeline: TimelineEntry[];
}

export type LedgerEntry = AdminLedgerEntry;

export interface UserDetail {
  user: AdminUser;
  ban: { banned_at: string | null; banned_by: number | null; banned_by_name: string | null };
  orders: AdminOrder[];
  orders_total: number;
  topups: TopupRow[];
  ledger: LedgerEntry[];
}

export interface Overview {
  time_zone: string;
  day: string;
  day_start: string;
  day_end: string;
  sales: { total: number; count: number };
  topups: {
    waiting: number;
    overdue: number;
    oldest_age_seconds: number | null;
    promise_seconds: number;
    oldest: AdminTopup[];
  };
  orders: { waiting: number; oldest_age_seconds: number | null };
  wallet_liability: number;
  users: number;
  ledger: {
    ok: boolean;
    mismatches: { user_id: number; wallet_amount: number; ledger_sum: number; last_balance: number; entries: number }[];
  };
}

/** A service as the admin edits it, its kind narrowed. */
export interface Service extends Omit<AdminService, 'kind'> {
  kind: ProductKind;
}

export type Game = AdminGame;

/** A product as the admin edits it: the contract's, its kind narrowed and its data read as an object. */
export interface Product extends Omit<AdminProduct, 'kind' | 'data'> {
  kind: ProductKind | null;
  data: Record<string, unknown>;
}

export interface CodeStock {
  product_id: number;
  product_name: string;
  available: number;
  sold: number;
  total: number;
  low_stock: boolean;
  threshold: number;
}

export interface CodeImportResult {
  added: number;
  duplicates: number;
  duplicate_codes: string[];
  stock: CodeStock;
}

/** A receiving account as the admin edits it, its kind narrowed. */
export interface PaymentMethod extends Omit<AdminPaymentMethod, 'kind'> {
  kind: 'wallet' | 'bank';
}

export type Banner = AdminBanner;

export interface Review {
  id: number;
  user_id: number;
  username: string;
  order_id: number;
  product_id: number | null;
  product_name: string;
  rating: number;
  comment: string;
  is_visible: boolean;
  created_at: string;
}


export interface EventResult {
  channel: string;
  event: string;
  published: boolean;
  error: string | null;
  data: unknown;
}
