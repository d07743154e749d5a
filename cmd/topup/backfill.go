package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"sort"

	"topup/store"
)

// backfill runs the run-once conversions of data stored before issue 18:
//
//	topup backfill messages  the store's own messages written in plain
//	                         English before migration 00018 get their
//	                         catalogue codes, so they read in Burmese too
//	topup backfill zawgyi    free text stored as Zawgyi becomes Unicode
//
// Both read -batch rows at a time, change a row only while it still holds
// what they read (so the store can keep serving), print their counts as
// they go, and change nothing on a second run (docs/operations.md).
func backfill(ctx context.Context, args []string, e env) error {
	if len(args) == 0 || (args[0] != "messages" && args[0] != "zawgyi") {
		return errors.New("usage: topup backfill messages|zawgyi [-batch N]")
	}
	fs := flag.NewFlagSet("backfill "+args[0], flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	batch := fs.Int("batch", 500, "rows read at a time")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *batch < 1 {
		return fmt.Errorf("-batch must be at least 1, not %d", *batch)
	}
	_, db, err := openConfigured(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()

	if args[0] == "messages" {
		total, err := db.TemplateOldMessages(ctx, *batch, func(b store.Backfill) {
			fmt.Fprintf(e.stdout, "messages: %d read, %d given codes, %d left as written\n", b.Scanned, b.Changed, b.Left)
		})
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "done: %d messages read, %d given codes, %d left as written (an admin's own words)\n", total.Scanned, total.Changed, total.Left)
		return nil
	}

	counts, refused, err := db.ConvertZawgyi(ctx, *batch, func(what string, b store.Backfill) {
		fmt.Fprintf(e.stdout, "%s: %d read, %d converted\n", what, b.Scanned, b.Changed)
	})
	if err != nil {
		return err
	}
	names := make([]string, 0, len(counts))
	for what := range counts {
		names = append(names, what)
	}
	sort.Strings(names)
	var converted int
	for _, what := range names {
		converted += counts[what].Changed
		if b := counts[what]; b.Scanned > 0 {
			fmt.Fprintf(e.stdout, "done %s: %d with Myanmar text read, %d converted from Zawgyi\n", what, b.Scanned, b.Changed)
		}
	}
	fmt.Fprintf(e.stdout, "done: %d values converted from Zawgyi to Unicode\n", converted)
	for _, err := range refused {
		fmt.Fprintln(e.stderr, "not converted:", err)
	}
	if len(refused) > 0 {
		return fmt.Errorf("%d values were not converted (see above); fix them by hand and run again", len(refused))
	}
	return nil
}
