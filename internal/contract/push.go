package contract

// Web Push (docs/architecture.md, "Web Push"). The browser registers its
// PushSubscription with POST /api/account/push-subscriptions (the body is
// PushSubscription.toJSON()) and removes it with DELETE (PushUnsubscribe);
// GET /api/config's push_public_key is the applicationServerKey, empty
// when the deployment sends no pushes.

// PushSubscriptionKeys are the subscription's keys, base64url: p256dh the
// browser's P-256 public key (65 bytes), auth its secret (16 bytes).
type PushSubscriptionKeys struct {
	P256dh string `json:"p256dh"`
	Auth   string `json:"auth"`
}

// PushSubscribe is PushSubscription.toJSON(). ExpirationTime is the
// browser's, in milliseconds since the epoch, or null.
type PushSubscribe struct {
	Endpoint       string               `json:"endpoint"`
	ExpirationTime *int64               `json:"expirationTime,omitempty"`
	Keys           PushSubscriptionKeys `json:"keys"`
}

// PushUnsubscribe names the subscription to remove.
type PushUnsubscribe struct {
	Endpoint string `json:"endpoint"`
}

// PushSubscribed answers a registration.
type PushSubscribed struct {
	Endpoint string `json:"endpoint"`
}

// PushPayload is a notification as the service worker receives it
// (decrypted): already in the recipient's language (users.locale, else
// Burmese). URL is a path of the app that opens what it is about
// (/orders/{id}, /wallet, /home?messages=open, /dashboard/topups/{id}). Tag
// names the thing it is about, so a repeated push (delivery is at least
// once) or a newer state replaces the shown notification rather than
// stacking. It never carries a code, a password or anything secret: the
// notification opens the app, which shows the rest.
type PushPayload struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	Tag   string `json:"tag"`
}
