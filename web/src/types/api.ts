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

/** Failure body: `{"success": false, "message": "…", "errors": {"field": ["…"]}}`. */
export interface ApiErrorBody {
  success?: false;
  message?: string;
  errors?: Record<string, string[]>;
}

/** Success envelope used by most endpoints. */
export interface ApiEnvelope<T> {
  success: boolean;
  data: T;
}
