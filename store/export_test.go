package store

// Test-only access to unexported helpers, for the store_test package.
var PostLedger = postLedger
