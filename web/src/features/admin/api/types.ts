import type { Topup, TopupStatus } from '@/types/api';

// JSON shapes of /api/admin/* (api/admin*.go). Amounts are whole kyat.

export interface AdminCustomer {
  id: number;
  username: string;
  phone_number: string;
}

export interface AdminTopup extends Topup {
  user_id: number;
  user: AdminCustomer;
  upload_id: number;
  receipt_url: string;
  decided_by: number | null;
  decided_by_name: string | null;
  age_seconds: number;
  overdue: boolean;
  /** The receipt checks (docs/receipt-checks.md); absent from older servers. */
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

export interface AdminOrder {
  id: number;
  user_id: number;
  user: AdminCustomer;
  product_id: number;
  product_name: string;
  product_kind: ProductKind;
  service_name: string;
  game_name: string;
  price: number;
  service_charge: number;
  total_price: number;
  game_uid: string;
  server_id: string;
  status: OrderStatus;
  fail_reason: string | null;
  claimed_by: number | null;
  claimed_by_name: string | null;
  claimed_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AdminUser {
  id: number;
  username: string;
  phone_number: string;
  email: string | null;
  wallet_amount: number;
  is_admin: boolean;
  is_banned: boolean;
  ban_reason: string | null;
  created_at: string;
}

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
  history: { topups: Topup[]; orders: AdminOrder[]; recent_confirmed: number; recent_rejected: number };
}

export interface TimelineEntry {
  at: string;
  kind: string;
  actor_id: number | null;
  actor: string;
  reason: string | null;
}

export interface OrderDetail {
  order: AdminOrder;
  timeline: TimelineEntry[];
}

export interface LedgerEntry {
  id: number;
  amount: number;
  balance_after: number;
  kind: string;
  reference: string;
  actor_id: number | null;
  reason: string | null;
  created_at: string;
}

export interface UserDetail {
  user: AdminUser;
  ban: { banned_at: string | null; banned_by: number | null; banned_by_name: string | null };
  orders: AdminOrder[];
  orders_total: number;
  topups: Topup[];
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

export interface Service {
  id: number;
  name: string;
  name_my: string;
  slug: string;
  kind: ProductKind;
  sort: number;
  is_active: boolean;
}

export interface Game {
  id: number;
  service_id: number;
  name: string;
  name_my: string;
  slug: string;
  description: string;
  logo_url: string;
  is_hot: boolean;
  uses_server_id: boolean;
  sort: number;
  is_active: boolean;
}

export interface Product {
  id: number;
  game_id: number;
  game_name?: string;
  service_id: number;
  service_name?: string;
  kind?: ProductKind;
  sku: string | null;
  name: string;
  name_my: string;
  description: string;
  img_url: string;
  preview_img: string[];
  price: number;
  fake_price: number | null;
  discount_percent: number;
  is_sold: boolean;
  is_popular: boolean;
  is_active: boolean;
  sort: number;
  data: Record<string, unknown>;
  has_credentials?: boolean;
  codes_available?: number;
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

export interface Credentials {
  email: string;
  email_password: string;
  game_password: string;
}

export interface PaymentMethod {
  id: number;
  name: string;
  holder_name: string;
  phone: string;
  icon: string;
  kind: 'wallet' | 'bank';
  maintenance_message: string;
  is_active: boolean;
  sort: number;
}

export interface Banner {
  id: number;
  title: string;
  title_my: string;
  image_url: string;
  link: string;
  is_active: boolean;
  sort: number;
  starts_at: string | null;
  ends_at: string | null;
}

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

export interface AuditEntry {
  id: number;
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  request_id: string;
  created_at: string;
}

export interface EventResult {
  channel: string;
  event: string;
  published: boolean;
  error: string | null;
  data: unknown;
}
