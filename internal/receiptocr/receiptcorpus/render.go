package receiptcorpus

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
)

// Screen is a phone screen to render on: CSS pixels and device pixel ratio.
type Screen struct {
	Width, Height int
	Scale         float64
}

// Screens the corpus uses: a common 1080-wide Android phone at a
// moderate ratio, and a second phone for re-screenshots.
var (
	PhoneA = Screen{Width: 390, Height: 844, Scale: 2}
	PhoneB = Screen{Width: 360, Height: 780, Scale: 2.5}
)

// Render draws rc as its app shows it on screen s and writes a PNG to out,
// with Debian's Chromium (headless) and the fonts installed on this machine
// (Noto Sans and Noto Sans Myanmar from fonts-noto-core).
func Render(ctx context.Context, chromium string, rc Receipt, s Screen, out string) error {
	var page bytes.Buffer
	if err := pageTemplate.Execute(&page, viewOf(rc)); err != nil {
		return fmt.Errorf("receiptcorpus: template: %w", err)
	}
	dir, err := os.MkdirTemp("", "receiptcorpus-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	html := filepath.Join(dir, "receipt.html")
	if err := os.WriteFile(html, page.Bytes(), 0o600); err != nil {
		return err
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, chromium,
		"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+filepath.Join(dir, "profile"),
		"--window-size="+strconv.Itoa(s.Width)+","+strconv.Itoa(s.Height),
		"--force-device-scale-factor="+strconv.FormatFloat(s.Scale, 'f', -1, 64),
		"--screenshot="+abs, "file://"+html)
	if outp, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("receiptcorpus: chromium: %w: %s", err, outp)
	}
	return nil
}

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><style>
:root{--bg:#f2f4f7;--card:#fff;--text:#1b1f24;--muted:#6b7280;--line:#e5e7eb;--ok:#16a34a}
.dark{--bg:#0f1115;--card:#1c1f26;--text:#eceff4;--muted:#9aa3b2;--line:#2c313b;--ok:#4ade80}
.kbzpay{--brand:#0b4ea2}.wavepay{--brand:#f7c600;--brandtext:#1a237e}.ayapay{--brand:#c8102e}
.cbpay{--brand:#00a3e0}.bank{--brand:#1f6f43}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text);font:15px/1.5 "Noto Sans","Noto Sans Myanmar",sans-serif}
.status{display:flex;justify-content:space-between;padding:4px 16px;font-size:12px;background:var(--brand);color:var(--brandtext,#fff)}
.bar{background:var(--brand);color:var(--brandtext,#fff);padding:10px 16px 16px;font-size:19px;font-weight:600;text-align:center}
.card{background:var(--card);margin:16px;border-radius:14px;padding:20px}
.icon{width:56px;height:56px;border-radius:50%;background:var(--ok);color:#fff;font-size:32px;line-height:56px;text-align:center;margin:0 auto 8px}
.title{text-align:center;color:var(--ok);font-size:17px}
.amount{font-size:30px;font-weight:700;text-align:center;margin:8px 0 14px}
.cardtop{background:var(--brand);color:#fff;border-radius:14px 14px 0 0;margin:-20px -20px 12px;padding:18px 20px;text-align:center}
.cardtop .amount{margin:4px 0 0}
.row{display:flex;justify-content:space-between;gap:16px;padding:9px 0;border-bottom:1px solid var(--line)}
.row span:first-child{color:var(--muted)}
.row span:last-child{text-align:right;font-weight:500}
.done{display:block;margin:12px 16px;padding:12px;border-radius:24px;background:var(--brand);color:var(--brandtext,#fff);text-align:center;font-weight:600}
</style></head>
<body class="{{.Theme}} {{.App}}">
<div class="status"><span>{{.Clock}}</span><span>4G ▮▮▮ 87%</span></div>
<div class="bar">{{.Brand}}</div>
<div class="card">
{{- if eq .Layout "hero"}}
<div class="icon">✓</div><div class="title">{{.Title}}</div><div class="amount">{{.Amount}}</div>
{{- else if eq .Layout "card"}}
<div class="cardtop"><div>{{.Title}}</div><div class="amount">{{.Amount}}</div></div>
{{- else}}
<div class="icon">✓</div><div class="title">{{.Title}}</div>
{{- end}}
{{- range .Rows}}
<div class="row"><span>{{.Label}}</span><span>{{.Value}}</span></div>
{{- end}}
</div>
<div class="done">{{if eq .Lang "my"}}ပြီးပါပြီ{{else}}Done{{end}}</div>
</body></html>
`))
