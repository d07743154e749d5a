package main

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"topup/store"
	"topup/store/storetest"
)

// `topup serve` reads receipts in the background: a receipt the demo
// customer uploads is read by the real Tesseract without anyone asking.
func TestServeReadsReceipts(t *testing.T) {
	addr := freeAddr(t)
	vars := map[string]string{"DATABASE_URL": storetest.NewDSN(t), "LISTEN_ADDR": addr, "UPLOAD_DIR": t.TempDir()}
	e, _ := testEnv(vars, "")
	if err := run(context.Background(), []string{"seed"}, e); err != nil {
		t.Fatal(err)
	}
	stop := startServe(t, vars)
	base := "http://" + addr

	res, err := http.Post(base+"/api/login", "application/json", strings.NewReader(`{"phone_number":"09123456789","password":"customer123"}`))
	if err != nil {
		t.Fatal(err)
	}
	var login struct{ Token string }
	_ = json.NewDecoder(res.Body).Decode(&login)
	res.Body.Close()

	image, err := os.ReadFile("../../internal/receiptocr/testdata/corpus/kbzpay-en-latin-light-1.png")
	if err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "receipt.png")
	_, _ = fw.Write(image)
	_ = mw.Close()
	req, _ := http.NewRequest(http.MethodPost, base+"/api/uploads", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+login.Token)
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var up struct {
		Data struct{ ID int64 } `json:"data"`
	}
	_ = json.NewDecoder(res.Body).Decode(&up)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated && res.StatusCode != http.StatusOK || up.Data.ID == 0 {
		t.Fatalf("upload answered %d", res.StatusCode)
	}

	db, err := store.Open(context.Background(), vars["DATABASE_URL"])
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var status string
	var amount int64
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		err = db.SQL().QueryRow(`SELECT status, COALESCE(amount, 0) FROM receipt_readings WHERE upload_id = $1`, up.Data.ID).Scan(&status, &amount)
		if err == nil {
			break
		}
	}
	if err != nil || status != "read" || amount != 14256 {
		t.Fatalf("reading of the upload: status %q, amount %v (%v)", status, amount, err)
	}
	if err := stop(); err != nil {
		t.Fatalf("serve stopped with %v", err)
	}
}
