package zawgyi

import (
	_ "embed"
	"encoding/json"
	"regexp"
	"strings"
	"unicode/utf8"
)

//go:embed z2u_rules.json
var rulesData []byte

// rule rewrites the text at the current position when pattern (anchored
// at it) matches. start rules apply only at the beginning of the text;
// revisit rules leave the position where it was, so later rules of the
// phase see the rewritten text.
type rule struct {
	re          *regexp.Regexp
	replacement string
	start       bool
	revisit     bool
}

var phases = mustRules(rulesData)

func mustRules(data []byte) [][]rule {
	var raw [][]struct {
		Pattern     string `json:"pattern"`
		Replacement string `json:"replacement"`
		Start       bool   `json:"start"`
		Revisit     bool   `json:"revisit"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		panic("zawgyi: rules: " + err.Error())
	}
	out := make([][]rule, len(raw))
	for i, phase := range raw {
		for _, r := range phase {
			out[i] = append(out[i], rule{re: regexp.MustCompile(r.Pattern), replacement: r.Replacement, start: r.Start, revisit: r.Revisit})
		}
	}
	return out
}

// ToUnicode converts Zawgyi text to Unicode. Text already in Unicode is
// damaged by it: call it only on what Probability calls Zawgyi (Normalize).
func ToUnicode(s string) string {
	for _, phase := range phases {
		s = runPhase(phase, s)
	}
	return s
}

// runPhase walks the text once. At each position every rule is tried in
// order against the rest of the text — each one sees what the rules
// before it rewrote, as the published rule sets expect — and when none
// matched one character is passed through.
func runPhase(rules []rule, s string) string {
	var out strings.Builder
	rest := s
	atStart := true
	for rest != "" {
		matched := false
		for _, r := range rules {
			if r.start && !atStart {
				continue
			}
			m := r.re.FindStringSubmatchIndex(rest)
			if m == nil {
				continue
			}
			matched = true
			replaced := string(r.re.ExpandString(nil, r.replacement, rest, m))
			rest = replaced + rest[m[1]:]
			if !r.revisit {
				out.WriteString(replaced)
				rest = rest[len(replaced):]
			}
		}
		if !matched {
			_, size := utf8.DecodeRuneInString(rest)
			out.WriteString(rest[:size])
			rest = rest[size:]
		}
		atStart = false
	}
	return out.String()
}
