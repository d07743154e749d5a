package main

import (
	"context"
	"errors"
	"fmt"
	"sort"
)

// verify checks a database the way a restore drill must: the schema
// version, every wallet against its ledger, every sealed value against
// APP_KEY, and every receipt and public image the rows point at against
// the blob store (BLOB_STORE). It writes nothing, so it is safe on a
// production replica.
func verify(ctx context.Context, args []string, e env) error {
	cfg, err := flaglessConfig("verify", args, e)
	if err != nil {
		return err
	}
	db, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()

	current, latest, err := db.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "schema: version %d of %d\n", current, latest)
	var problems []string
	if current != latest {
		problems = append(problems, fmt.Sprintf("schema at %d, this binary expects %d (run `topup migrate`)", current, latest))
	}

	mismatches, err := db.CheckLedger(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "ledger: %d wallets differ from their ledger\n", len(mismatches))
	for _, m := range mismatches {
		problems = append(problems, fmt.Sprintf("user %d: wallet %d, ledger sum %d, last balance %d", m.UserID, m.WalletAmount, m.LedgerSum, m.LastBalance))
	}

	sealed, err := db.CheckSealed(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "sealed: %d values open with APP_KEY\n", sealed.Opened)
	columns := make([]string, 0, len(sealed.Failed))
	for c := range sealed.Failed {
		columns = append(columns, c)
	}
	sort.Strings(columns)
	for _, c := range columns {
		problems = append(problems, fmt.Sprintf("%s: %d values do not open with this APP_KEY (restore the key that sealed them)", c, sealed.Failed[c]))
	}

	files, err := verifyFiles(ctx, db, cfg, e)
	if err != nil {
		return err
	}
	problems = append(problems, files...)

	for _, p := range problems {
		fmt.Fprintln(e.stdout, "problem:", p)
	}
	if len(problems) > 0 {
		return errors.New("verify found problems")
	}
	fmt.Fprintln(e.stdout, "ok")
	return nil
}
