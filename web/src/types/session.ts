// The signed-in user as the session keeps it (the `user` cookie), which is
// looser than the contract's User: it is written by older clients too.

/** The signed-in customer, as stored in the `user` cookie and returned by GET /api/user/{id}. */
export interface SessionUser {
  id: number;
  username: string;
  phone_number: string;
  email?: string | null;
  /** Kyat; some servers send decimals as strings ("1500.00"). */
  wallet_amount: number | string;
  is_admin: boolean;
  is_banned: boolean;
  ban_reason?: string | null;
  /** The language chosen on the account page ('my' or 'en'), applied on every device; null until chosen. */
  locale?: string | null;
  /** Set while a request to delete the account waits for an admin. */
  deletion_requested_at?: string | null;
}
