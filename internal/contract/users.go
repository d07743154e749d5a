package contract

import "time"

// User is an account as its owner (and an admin) sees it. The password
// hash never leaves the store.
type User struct {
	ID           int64   `json:"id"`
	Username     string  `json:"username"`
	PhoneNumber  string  `json:"phone_number"` // 09…, as Myanmar numbers are written
	Email        *string `json:"email"`        // null when none was given
	WalletAmount int64   `json:"wallet_amount"`
	IsAdmin      bool    `json:"is_admin"`
	IsBanned     bool    `json:"is_banned"`
	BanReason    *string `json:"ban_reason"` // null unless banned with a reason
	// Locale is the language the customer chose ("my" or "en"), applied on
	// every device; null until they choose, when the device's own applies.
	Locale *string `json:"locale"`
	// DeletionRequestedAt is set while a request to delete the account
	// waits for an admin.
	DeletionRequestedAt *time.Time `json:"deletion_requested_at"`
	CreatedAt           time.Time  `json:"created_at"`
}

// The updateType of user.updated.
const (
	UpdateWallet = "wallet" // the wallet changed (a top-up, an order, a refund)
	UpdateBan    = "ban"    // the account was banned or unbanned
	// UpdateAccount: the customer changed a setting (language, e-mail,
	// phone, deletion request) on one of their devices.
	UpdateAccount = "account"
)

// UserUpdated is the data of user.updated on the user's own channel. The
// database builds it (event_user, migration 00007).
type UserUpdated struct {
	UpdateType string `json:"updateType"` // UpdateWallet, UpdateBan or UpdateAccount
	User       User   `json:"user"`
}
