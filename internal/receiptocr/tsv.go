package receiptocr

import (
	"strconv"
	"strings"
)

// word is one word Tesseract read, with its confidence (0–100) and the
// height of its box in pixels of the OCR input.
type word struct {
	Text   string
	Conf   float64
	Height int
}

// line is a line of words in reading order.
type line struct{ Words []word }

func (l line) text() string {
	parts := make([]string, len(l.Words))
	for i, w := range l.Words {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}

// parseTSV reads Tesseract's tsv output: a header, then one row per page,
// block, paragraph, line and word (level 5), tab-separated:
// level page block par line word left top width height conf text.
func parseTSV(b []byte) []line {
	var lines []line
	lastKey := ""
	for _, row := range strings.Split(string(b), "\n") {
		f := strings.Split(row, "\t")
		if len(f) < 12 || f[0] != "5" {
			continue
		}
		text := strings.TrimSpace(f[11])
		if text == "" {
			continue
		}
		conf, _ := strconv.ParseFloat(f[10], 64)
		height, _ := strconv.Atoi(f[9])
		key := f[1] + "." + f[2] + "." + f[3] + "." + f[4]
		if key != lastKey || len(lines) == 0 {
			lines = append(lines, line{})
			lastKey = key
		}
		l := &lines[len(lines)-1]
		l.Words = append(l.Words, word{Text: text, Conf: conf, Height: height})
	}
	return lines
}

func joinLines(lines []line) string {
	parts := make([]string, len(lines))
	for i, l := range lines {
		parts[i] = l.text()
	}
	return strings.Join(parts, "\n")
}
