package api

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
)

// The web app's text files are compressed once, when the binary loads them,
// and every request gets the smallest encoding it accepts. On the 3G
// connections many of our customers have, this is the largest single cut
// in first-load time: the initial route's JavaScript is about a third of
// its size on the wire (docs/benchmarks.md).
//
// Brotli at level 6 and gzip at level 9 cost about 0.15 s at start for the
// whole build; brotli's level 11 would save another ≈ 7 % but take 2.4 s.
const (
	brotliLevel = 6
	gzipLevel   = gzip.BestCompression
	// Below this a compressed answer saves less than its headers cost.
	minCompressSize = 1024
)

// encoded is one stored representation of a file.
type encoded struct {
	body []byte
	etag string
}

// compressible reports whether a content type is text worth compressing;
// images other than SVG and fonts (woff2 is brotli already) are not.
func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	switch ct {
	case "application/javascript", "text/javascript", "application/json",
		"image/svg+xml", "application/xml", "application/manifest+json", "application/wasm":
		return true
	}
	return strings.HasPrefix(ct, "text/")
}

// compress returns the brotli and gzip forms of body that are worth
// sending (at least a tenth smaller), keyed by Content-Encoding.
func compress(body []byte, etag string) (map[string]encoded, error) {
	if len(body) < minCompressSize {
		return nil, nil
	}
	out := map[string]encoded{}
	for _, enc := range []string{"br", "gzip"} {
		packed, err := encode(enc, body)
		if err != nil {
			return nil, fmt.Errorf("api: %s: %w", enc, err)
		}
		if len(packed) <= len(body)*9/10 {
			// A representation of its own needs a validator of its own.
			out[enc] = encoded{body: packed, etag: strings.TrimSuffix(etag, `"`) + "-" + enc + `"`}
		}
	}
	return out, nil
}

func encode(enc string, body []byte) ([]byte, error) {
	var buf bytes.Buffer
	var w io.WriteCloser = brotli.NewWriterLevel(&buf, brotliLevel)
	if enc == "gzip" {
		gz, err := gzip.NewWriterLevel(&buf, gzipLevel)
		if err != nil {
			return nil, err
		}
		w = gz
	}
	if _, err := w.Write(body); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// acceptedEncoding picks, of the encodings we have, the one the client
// prefers in Accept-Encoding (brotli on a tie), or "" for identity. A
// coding named with q=0 is refused even when "*" would allow it.
func acceptedEncoding(header string, have map[string]encoded) string {
	named := map[string]float64{}
	star := -1.0
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			parsed, err := strconv.ParseFloat(v, 64)
			if err != nil {
				continue
			}
			q = parsed
		}
		if name == "*" {
			star = q
		} else if name != "" {
			named[name] = q
		}
	}
	best, bestQ := "", 0.0
	for _, enc := range []string{"br", "gzip"} {
		if _, ok := have[enc]; !ok {
			continue
		}
		q, ok := named[enc]
		if !ok {
			q = star
		}
		if q > bestQ {
			best, bestQ = enc, q
		}
	}
	return best
}
