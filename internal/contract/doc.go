// Package contract is the wire contract between the Go server and its
// clients: one Go type per entity the server sends, used both by the REST
// answers (package api) and by the realtime events written into the outbox
// (package store), so the two cannot drift. The web app's TypeScript types
// in web/src/types are generated from this package.
//
// What it holds:
//   - catalogue.go: Service, Game, Product, Banner, PaymentMethod;
//   - orders.go: Order (a buyer's order), OrderEvent (order.created,
//     order.updated);
//   - topups.go: Topup, TopupEvent (topup.created, topup.updated);
//   - messages.go: Message, MessageSent (user.message.sent);
//   - users.go: User, UserUpdated (user.updated);
//   - reviews.go: Review;
//   - wallet.go: StatementEntry (a wallet ledger entry);
//   - refunds.go: Refund, RefundEvent (refund.updated), and the back
//     office's AdminRefund with the customer's RefundHistory;
//   - page.go: Page, the paged list every list answer carries.
//   - admin_catalogue.go, admin_queues.go, admin_audit.go: what the back
//     office sees: the catalogue rows as edited, the order and top-up
//     queues with the receipt checks, the audit log and ledger entries;
//     admin_lists.go the smaller lists (reviews to moderate, code stock,
//     duplicate receipts, ledger mismatches).
//
// The rules that keep it easy to generate from: plain structs with json
// tags, no interfaces, no methods the wire depends on, a comment on every
// field whose meaning the name does not carry. A field that is null on the
// wire is a pointer; one left out when empty has omitempty. An embedded
// struct is tagged tstype:",extends", so that the TypeScript interface
// extends it as the JSON inlines its fields. The types of
// order.* and user.updated describe payloads the database builds itself
// (migration 00007, in the same statement as the purchase); the store's
// event tests hold the two together.
//
// The package imports nothing of ours: api and store both import it.
package contract
