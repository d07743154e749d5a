package contract

import "time"

// Session is one signed-in device on the account page (GET
// /api/account/sessions). Browser, OS and device are read from the
// User-Agent the device signed in with; an empty one was not recognised.
type Session struct {
	ID      int64  `json:"id"`
	Browser string `json:"browser"` // "Chrome 131"
	OS      string `json:"os"`      // "Android 14"
	// Device is "phone", "tablet", "desktop" or "" when unknown.
	Device string `json:"device"`
	// IP is the address the session was last used from (no place: the
	// store has no location database).
	IP         *string    `json:"ip"`
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
	// Current marks the session the list was asked with ("this device").
	Current bool `json:"current"`
}

// DeletionRequest is an account waiting in the back office to be deleted
// (GET /api/admin/account-deletions).
type DeletionRequest struct {
	UserID       int64     `json:"user_id"`
	Username     string    `json:"username"`
	PhoneNumber  string    `json:"phone_number"`
	WalletAmount int64     `json:"wallet_amount"`
	RequestedAt  time.Time `json:"requested_at"`
}
