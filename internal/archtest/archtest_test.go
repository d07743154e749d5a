package archtest

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// pkg is the part of `go list -json` the rules read.
type pkg struct {
	ImportPath   string
	Imports      []string // direct, of the package's own files
	Deps         []string // every dependency, direct or not
	TestImports  []string
	XTestImports []string
}

// rule forbids some packages of ours (from) to import others (bad).
type rule struct {
	why  string
	from func(string) bool
	bad  func(string) bool
	// deps checks every dependency, not only direct imports: a layer must
	// not reach a package through a third one either.
	deps bool
	// tests also checks what the packages' test files import.
	tests bool
}

var rules = []rule{
	{
		why:  "api reaches clients only through its Broadcaster interface, never the realtime server",
		from: under("topup/api"), bad: under("topup/realtime"), deps: true,
	},
	{
		why:  "realtime runs alone (`topup pusher`): it imports nothing of ours outside realtime/",
		from: under("topup/realtime"), bad: func(p string) bool { return ours(p) && !under("topup/realtime")(p) }, tests: true,
	},
	{
		why:  "the store and the adapters in internal/ sit below the HTTP layer",
		from: func(p string) bool { return under("topup/store")(p) || under("topup/internal")(p) }, bad: under("topup/api"), deps: true,
	},
	{
		why:  "only the store speaks SQL; everyone else gets plain Go types from it",
		from: func(p string) bool { return ours(p) && !under("topup/store")(p) },
		bad:  func(p string) bool { return p == "database/sql" || p == "github.com/lib/pq" },
	},
	{
		why:  "sql/migrations is the one schema, and the store its only reader",
		from: func(p string) bool { return ours(p) && !under("topup/store")(p) && !under("topup/sql/migrations")(p) },
		bad:  under("topup/sql/migrations"),
	},
}

func TestImportRules(t *testing.T) {
	pkgs := load(t)
	for _, want := range []string{"topup/api", "topup/realtime", "topup/store", "topup/cmd/topup"} {
		if !slices.ContainsFunc(pkgs, func(p pkg) bool { return p.ImportPath == want }) {
			t.Fatalf("go list did not list %s: the rules would check nothing", want)
		}
	}
	for edge, why := range check(pkgs) {
		t.Errorf("%s: %s", edge, why)
	}
}

// Each rule fires on a graph that breaks it, and not on one that keeps it.
func TestRulesFire(t *testing.T) {
	broken := check([]pkg{
		{ImportPath: "topup/api", Deps: []string{"topup/store", "topup/internal/x", "topup/realtime"}},
		{ImportPath: "topup/realtime/redisadapter", Imports: []string{"topup/realtime", "github.com/redis/go-redis/v9"}, XTestImports: []string{"topup/store"}},
		{ImportPath: "topup/internal/sms", Deps: []string{"net/http", "topup/api"}},
		{ImportPath: "topup/cmd/topup", Imports: []string{"database/sql", "topup/api", "topup/realtime"}},
		{ImportPath: "topup/store/storetest", Imports: []string{"database/sql", "github.com/lib/pq", "topup/sql/migrations"}},
		{ImportPath: "topup/internal/outbox", Imports: []string{"topup/sql/seed", "topup/sql/migrations"}},
	})
	want := []string{
		"topup/api -> topup/realtime",
		"topup/realtime/redisadapter -> topup/store",
		"topup/internal/sms -> topup/api",
		"topup/cmd/topup -> database/sql",
		"topup/internal/outbox -> topup/sql/migrations",
	}
	for _, edge := range want {
		if _, ok := broken[edge]; !ok {
			t.Errorf("no rule caught %s", edge)
		}
	}
	if len(broken) != len(want) {
		t.Errorf("broken = %v, want only %v", broken, want)
	}
}

// check returns every forbidden edge "from -> to" with the rule's reason.
func check(pkgs []pkg) map[string]string {
	broken := map[string]string{}
	for _, p := range pkgs {
		for _, r := range rules {
			if !r.from(p.ImportPath) {
				continue
			}
			imports := p.Imports
			if r.deps {
				imports = p.Deps
			}
			if r.tests {
				imports = slices.Concat(imports, p.TestImports, p.XTestImports)
			}
			for _, to := range imports {
				if r.bad(to) && to != p.ImportPath {
					broken[p.ImportPath+" -> "+to] = r.why
				}
			}
		}
	}
	return broken
}

// load lists every package of the module with its dependencies.
func load(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-json", "./...")
	cmd.Dir = "../.." // the module root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	var pkgs []pkg
	for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if ours(p.ImportPath) {
			pkgs = append(pkgs, p)
		}
	}
	return pkgs
}

func ours(path string) bool { return under("topup")(path) }

// under matches root and the packages below it.
func under(root string) func(string) bool {
	return func(path string) bool { return path == root || strings.HasPrefix(path, root+"/") }
}
