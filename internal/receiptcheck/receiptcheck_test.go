package receiptcheck

import (
	"testing"
	"time"
)

func TestCheckAmount(t *testing.T) {
	for _, c := range []struct {
		name  string
		read  int64
		conf  float64
		found bool
		want  Result
	}{
		{"equal", 52037, 0.9, true, Pass},
		{"equal, unsure", 52037, 0.1, true, Pass},
		{"other amount", 52000, 0.9, true, Fail},
		{"other amount, unsure: a misreading", 5203, 0.2, true, NotRead},
		{"not found", 0, 0, false, NotRead},
	} {
		if got := CheckAmount(c.read, c.conf, c.found, 52037); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestCheckDate(t *testing.T) {
	quoted := time.Date(2025, 3, 8, 11, 20, 0, 0, time.UTC)
	for _, c := range []struct {
		name     string
		paid     time.Time
		conf     float64
		found    bool
		quotedAt time.Time
		want     Result
	}{
		{"after the quote", quoted.Add(3 * time.Minute), 0.9, true, quoted, Pass},
		{"the quote's minute, printed without seconds", quoted.Add(-59 * time.Second), 0.9, true, quoted, Pass},
		{"within the slack", quoted.Add(-DateSlack), 0.9, true, quoted, Pass},
		{"before the quote", quoted.Add(-DateSlack - time.Minute), 0.9, true, quoted, Fail},
		{"days before", quoted.Add(-72 * time.Hour), 0.9, true, quoted, Fail},
		{"before, unsure", quoted.Add(-72 * time.Hour), 0.2, true, quoted, NotRead},
		{"not read", time.Time{}, 0, false, quoted, NotRead},
		{"no quote recorded", quoted, 0.9, true, time.Time{}, NotRead},
	} {
		if got := CheckDate(c.paid, c.conf, c.found, c.quotedAt); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

func TestEarlierAndBlocks(t *testing.T) {
	pending := []Earlier{{TopupID: 1, Status: "pending"}}
	rejected := []Earlier{{TopupID: 1, Status: "rejected"}}
	confirmed := []Earlier{{TopupID: 1, Status: "rejected"}, {TopupID: 2, Status: "confirmed"}}
	if CheckEarlier(true, nil) != Pass || CheckEarlier(false, nil) != NotRead || CheckEarlier(true, rejected) != Fail {
		t.Fatal("CheckEarlier")
	}
	for _, c := range []struct {
		rule    string
		earlier []Earlier
		want    bool
	}{
		{ReuseBlocks, pending, true},
		{ReuseBlocks, confirmed, true},
		{ReuseBlocks, rejected, false},
		{ReuseBlocks, nil, false},
		{ReuseWarns, confirmed, false},
	} {
		if got := Blocks(c.rule, c.earlier); got != c.want {
			t.Errorf("Blocks(%s, %v) = %v", c.rule, c.earlier, got)
		}
	}
}

func TestRules(t *testing.T) {
	r := Defaults()
	if r.Reuse(7) != ReuseBlocks || r.NearDuplicate != DefaultNearDuplicate || len(r.Validate()) != 0 {
		t.Fatalf("defaults %+v", r)
	}
	r.ReuseByMethod[7] = ReuseWarns
	if r.Reuse(7) != ReuseWarns || r.Reuse(8) != ReuseBlocks {
		t.Fatal("per-method rule")
	}
	for _, bad := range []Rules{{NearDuplicate: 0}, {NearDuplicate: 0.41}, {NearDuplicate: 0.2, ReuseByMethod: map[int64]string{1: "ignore"}}} {
		if len(bad.Validate()) == 0 {
			t.Errorf("%+v accepted", bad)
		}
	}
}
