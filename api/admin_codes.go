package api

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/gofiber/fiber/v2"

	"topup/internal/contract"
	"topup/internal/i18n"
	"topup/store"
)

func adminCodeStockJSON(st store.CodeStock) contract.CodeStock {
	return contract.CodeStock{ProductID: st.ProductID, ProductName: st.ProductName, Available: st.Available,
		Sold: st.Sold, Total: st.Available + st.Sold, LowStock: st.Low, Threshold: st.Threshold}
}

func (s *Server) adminCodeStock(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	if _, err := s.opts.Store.AdminProductByID(c.UserContext(), id); err != nil {
		return err
	}
	st, err := s.opts.Store.CodeStockOf(c.UserContext(), id)
	if err != nil {
		return err
	}
	return adminOK(c, adminCodeStockJSON(st))
}

// adminCodeStocks lists every code product's stock, lowest first.
func (s *Server) adminCodeStocks(c *fiber.Ctx) error {
	list, err := s.opts.Store.CodeStocks(c.UserContext())
	if err != nil {
		return err
	}
	out := make([]contract.CodeStock, len(list))
	low := 0
	for i, st := range list {
		out[i] = adminCodeStockJSON(st)
		if st.Low {
			low++
		}
	}
	return adminOK(c, fiber.Map{"products": out, "low_stock": low})
}

type adminImportCodesRequest struct {
	// Codes is pasted text (one a line, or separated by commas or
	// semicolons) or a list.
	Codes json.RawMessage `json:"codes"`
	Batch string          `json:"batch"`
}

const maxAdminCodeLen = 200

// adminImportCodes adds codes to a code product: JSON {codes, batch}, or a
// multipart form with a CSV "file" (first column; a "code" header is
// skipped) and an optional "batch".
func (s *Server) adminImportCodes(c *fiber.Ctx) error {
	id, err := adminID(c)
	if err != nil {
		return err
	}
	var codes []string
	var batch string
	if strings.HasPrefix(c.Get(fiber.HeaderContentType), fiber.MIMEMultipartForm) {
		fh, err := c.FormFile("file")
		if err != nil {
			return Invalid(fieldsErr("file", i18n.CSVRequired))
		}
		if fh.Size > 2*1024*1024 {
			return &Error{Status: http.StatusRequestEntityTooLarge, Text: i18n.T(i18n.CSVTooLarge),
				Fields: fieldsErr("file", i18n.CSVTooLarge)}
		}
		fr, err := fh.Open()
		if err != nil {
			return err
		}
		defer fr.Close()
		if codes, err = adminCSVCodes(fr); err != nil {
			return Invalid(fieldsErr("file", i18n.CSVUnreadable))
		}
		batch = c.FormValue("batch")
	} else {
		var req adminImportCodesRequest
		if err := decodeJSON(c, &req); err != nil {
			return err
		}
		batch = req.Batch
		var text string
		var list []string
		switch {
		case len(req.Codes) == 0:
		case json.Unmarshal(req.Codes, &text) == nil:
			codes = adminSplitCodes(text)
		case json.Unmarshal(req.Codes, &list) == nil:
			codes = list
		default:
			return Invalid(fieldsErr("codes", i18n.CodesShape))
		}
	}
	f := fieldErrors{}
	clean := codes[:0]
	for _, code := range codes {
		code = strings.TrimSpace(code)
		if code == "" {
			continue
		}
		if runes(code) > maxAdminCodeLen || strings.IndexFunc(code, badTextChar) >= 0 {
			f.add("codes", i18n.CodeBad, "code", adminTruncate(code, 40))
			break
		}
		clean = append(clean, code)
	}
	switch {
	case len(clean) == 0 && !f.has("codes"):
		f.add("codes", i18n.CodesRequired)
	case len(clean) > store.MaxCodeImport:
		f.add("codes", i18n.CodesMax)
	}
	batch = adminName(f, "batch", batch, false, 100)
	if err := f.err(); err != nil {
		return err
	}
	res, err := s.opts.Store.ImportCodes(c.UserContext(), adminActor(c), id, clean, batch)
	if err != nil {
		return err
	}
	return reply(c, http.StatusCreated, fiber.Map{"message": say(c, i18n.CodesImported),
		"data": fiber.Map{"added": res.Added, "duplicates": len(res.Duplicates), "duplicate_codes": res.Duplicates,
			"stock": adminCodeStockJSON(res.Stock)}})
}

func adminTruncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

func adminSplitCodes(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' || r == ',' || r == ';' || r == '\t' })
}

func adminCSVCodes(r io.Reader) ([]string, error) {
	cr := csv.NewReader(io.LimitReader(r, 2*1024*1024))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var out []string
	for i := 0; ; i++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if len(rec) == 0 {
			continue
		}
		v := strings.TrimSpace(strings.TrimPrefix(rec[0], "\ufeff"))
		if i == 0 && strings.EqualFold(v, "code") {
			continue
		}
		out = append(out, v)
	}
}
