package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"topup/store/storetest"
)

// Behind a balancer a receipt uploaded through one node must open on every
// other: with BLOB_STORE=postgres it does, no node writes it to its disk,
// and `topup blobs copy` brings the uploads of a one-node shop along.
func TestUploadsAcrossNodes(t *testing.T) {
	dsn := storetest.NewDSN(t)
	node := func(blobStore, uploadDir string) map[string]string {
		return map[string]string{"DATABASE_URL": dsn, "LISTEN_ADDR": freeAddr(t), "UPLOAD_DIR": uploadDir, "BLOB_STORE": blobStore}
	}
	e, _ := testEnv(node("dir", t.TempDir()), "")
	if err := run(context.Background(), []string{"seed"}, e); err != nil {
		t.Fatal(err)
	}

	// A one-node shop with a receipt on its disk.
	oldDir := t.TempDir()
	single := node("dir", oldDir)
	stop := startServe(t, single)
	customer := login(t, single, "09123456789", "customer123")
	first, firstBody := uploadReceipt(t, single, customer, 1)
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	// Its uploads move into PostgreSQL; a run again copies nothing.
	for i, want := range []string{"receipts: 1 copied", "receipts: 0 copied"} {
		e, out := testEnv(single, "")
		if err := run(context.Background(), []string{"blobs", "copy", "-from", "dir", "-to", "postgres"}, e); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), want) {
			t.Fatalf("copy #%d said %q, want %q", i+1, out, want)
		}
	}

	// Two nodes sharing the database, each with an empty disk.
	dirB, dirC := t.TempDir(), t.TempDir()
	b, c := node("postgres", dirB), node("postgres", dirC)
	startServe(t, b)
	startServe(t, c)
	second, secondBody := uploadReceipt(t, b, login(t, b, "09123456789", "customer123"), 2)
	admin := login(t, c, "09000000001", "admin123")
	for id, want := range map[int64][]byte{first: firstBody, second: secondBody} {
		got := readReceipt(t, c, admin, id)
		if !bytes.Equal(got, want) {
			t.Errorf("receipt %d read through another node: %d bytes, want the %d stored", id, len(got), len(want))
		}
	}
	for _, dir := range []string{dirB, dirC} {
		entries, _ := os.ReadDir(dir)
		if len(entries) > 0 {
			t.Errorf("a node with BLOB_STORE=postgres wrote to its disk: %s holds %v", dir, entries[0].Name())
		}
	}
	if _, err := os.Stat(filepath.Join(oldDir, "public")); err != nil {
		t.Errorf("the copy removed the old folder: %v", err)
	}
}

func login(t *testing.T, node map[string]string, phone, password string) string {
	t.Helper()
	res, err := http.Post("http://"+node["LISTEN_ADDR"]+"/api/login", "application/json",
		strings.NewReader(fmt.Sprintf(`{"phone_number":%q,"password":%q}`, phone, password)))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct{ Token string }
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || body.Token == "" {
		t.Fatalf("login %s: %d %v", phone, res.StatusCode, err)
	}
	return body.Token
}

// uploadReceipt sends a PNG (its colour set by seed) and returns the
// upload's id and the bytes the store keeps (PNGs are re-encoded as read).
func uploadReceipt(t *testing.T, node map[string]string, token string, seed uint8) (int64, []byte) {
	t.Helper()
	pic := pngOf(t, seed)
	var form bytes.Buffer
	w := multipart.NewWriter(&form)
	part, _ := w.CreateFormFile("file", "receipt.png")
	part.Write(pic)
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, "http://"+node["LISTEN_ADDR"]+"/api/uploads", &form)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct{ Data struct{ ID int64 } }
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("upload: %d %v", res.StatusCode, err)
	}
	return body.Data.ID, pic
}

func readReceipt(t *testing.T, node map[string]string, token string, id int64) []byte {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("http://%s/api/uploads/%d", node["LISTEN_ADDR"], id), nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("receipt %d: %d %s", id, res.StatusCode, b)
	}
	return b
}
