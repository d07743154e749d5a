package store

import (
	"strconv"
	"strings"
)

// Kyat writes a whole-kyat amount as people read it: "12,050 Ks".
func Kyat(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String() + " Ks"
	}
	return b.String() + " Ks"
}
