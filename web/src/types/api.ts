// JSON shapes shared with the Go API (SPEC.md §3, DESIGN.md §3).

/** The signed-in customer, as stored in the `user` cookie and returned by GET /api/user/{id}. */
export interface User {
  id: number;
  username: string;
  phone_number: string;
  email?: string | null;
  /** Kyat; some servers send decimals as strings ("1500.00"). */
  wallet_amount: number | string;
  is_admin: boolean;
  is_banned: boolean;
  ban_reason?: string | null;
}

/**
 * Failure body: `{"success": false, "code": "…", "message": "…", "errors": {"field": ["…"]}}`,
 * plus what some errors add (api/errors.go).
 */
export interface ApiErrorBody {
  success?: false;
  code?: string;
  message?: string;
  errors?: Record<string, string[]>;
  /** 429: seconds to wait. */
  retry_after?: number;
  /** A failed login: the next try needs a captcha. */
  captcha_required?: boolean;
  /** 403 for a banned user. */
  ban_reason?: string | null;
  data?: { message?: string };
}

/** Success envelope used by most endpoints. */
export interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
}

/** A page of a list (`data.data`, current_page, last_page, per_page, total). */
export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export type TopupStatus = 'pending' | 'confirmed' | 'rejected';

/** A wallet top-up as its owner and the admins see it (GET /api/topup-orders, topup.updated). */
export interface Topup {
  id: number;
  amount: number;
  verification_amount: number;
  total: number;
  payment_method: string;
  status: TopupStatus;
  reject_reason: string | null;
  created_at: string;
  decided_at: string | null;
}

/** A message to one customer (GET /api/message/{userId} → {messages}; user.message.sent). */
export interface Message {
  id: number;
  title: string;
  body: string;
  user_id: number;
  created_at: string;
  is_read: boolean;
  order_id?: number | null;
  product?: { id?: number; name?: string; service?: { name?: string } } | null;
}
