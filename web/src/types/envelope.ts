// What the HTTP API wraps its entities in: the success envelope and the error
// body. The entities themselves are generated from the Go contract into
// types/api.ts.

/**
 * Failure body: `{"success": false, "code": "…", "message": "…", "errors": {"field": ["…"]}}`,
 * plus what some errors add (api/errors.go).
 */
export interface ApiErrorBody {
  success?: false;
  code?: string;
  message?: string;
  errors?: Record<string, string[]>;
  /** The code of each field error, beside its words in `errors`. */
  codes?: Record<string, string[]>;
  /** The numbers the message names (amounts in kyat), for wording it by code. */
  params?: Record<string, string | number>;
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
