package main

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"topup/internal/blobs"
	"topup/internal/media"
	"topup/internal/receipts"
	"topup/store"
	"topup/store/storetest"
)

// verify passes on a seeded shop with its own APP_KEY and names every
// sealed column that another key cannot open: the restore drill's check.
func TestVerify(t *testing.T) {
	ctx := context.Background()
	dsn := storetest.NewDSN(t)
	key := "verify-test-app-key-0123456789abcdef-0123"
	vars := map[string]string{"DATABASE_URL": dsn, "APP_KEY": key, "UPLOAD_DIR": t.TempDir()}
	e, _ := testEnv(vars, "")
	if err := run(ctx, []string{"seed"}, e); err != nil {
		t.Fatal(err)
	}

	e, out := testEnv(vars, "")
	if err := run(ctx, []string{"verify"}, e); err != nil {
		t.Fatalf("verify with the sealing key: %v\n%s", err, out)
	}
	for _, want := range []string{"ledger: 0 wallets differ", "ok\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("verify said %q, want %q in it", out, want)
		}
	}

	vars["APP_KEY"] = "another-key-0123456789abcdef-0123456789"
	e, out = testEnv(vars, "")
	if err := run(ctx, []string{"verify"}, e); err == nil {
		t.Fatalf("verify with another key passed:\n%s", out)
	}
	for _, want := range []string{"sealed: 0 values open", "problem: redeem_codes.code:", "problem: account_credentials.game_password:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("verify with another key said %q, want %q in it", out, want)
		}
	}
}

// verify finds every receipt and public image the database points at in
// the blob store the nodes use, and names the ones that are gone or
// damaged: a backup of the database restored without its files (or with
// files damaged at rest) must not pass.
func TestVerifyFiles(t *testing.T) {
	for _, kind := range []string{blobStoreDir, blobStorePostgres} {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			vars := map[string]string{"DATABASE_URL": storetest.NewDSN(t), "UPLOAD_DIR": t.TempDir(), "BLOB_STORE": kind,
				"APP_KEY": "verify-files-app-key-0123456789abcdef-01"}
			e, _ := testEnv(vars, "")
			if err := run(ctx, []string{"seed"}, e); err != nil {
				t.Fatal(err)
			}
			cfg, err := loadConfig(envOf(vars))
			if err != nil {
				t.Fatal(err)
			}
			db, err := openStore(ctx, cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			receiptHome, mediaHome, err := openBlobs(db, kind, cfg.UploadDir, "")
			if err != nil {
				t.Fatal(err)
			}
			customer, err := db.UserByPhone(ctx, "09123456789")
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for seed := range uint8(3) {
				r, err := receipts.New(receiptHome).Save(ctx, bytes.NewReader(pngOf(t, seed)))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := db.CreateUpload(ctx, store.NewUpload{UserID: customer.ID, StorageName: r.Name, Size: r.Size,
					ContentType: r.ContentType, SHA256: r.SHA256, Width: r.Width, Height: r.Height}); err != nil {
					t.Fatal(err)
				}
				names = append(names, r.Name)
			}
			logo, err := media.New(mediaHome).Save(ctx, bytes.NewReader(pngOf(t, 9)))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.SQL().Exec(`UPDATE games SET logo_url = $1 WHERE id = (SELECT min(id) FROM games)`, media.URLPrefix+logo.Name); err != nil {
				t.Fatal(err)
			}

			e, out := testEnv(vars, "")
			if err := run(ctx, []string{"verify"}, e); err != nil {
				t.Fatalf("verify with every file in place: %v\n%s", err, out)
			}
			if want := "3 receipts and 1 public images intact, 0 missing"; !strings.Contains(out.String(), want) {
				t.Errorf("verify said %q, want %q in it", out, want)
			}

			// One receipt deleted, one receipt and the logo cut in half at rest.
			if err := receiptHome.Delete(ctx, names[0]); err != nil {
				t.Fatal(err)
			}
			damage := func(home blobs.Store, kindName, name string) {
				body, err := home.Get(ctx, name)
				if err != nil {
					t.Fatal(err)
				}
				half := body[:len(body)/2]
				if kind == blobStorePostgres {
					_, err = db.SQL().Exec(`UPDATE blobs SET body = $1 WHERE kind = $2 AND name = $3`, half, kindName, name)
				} else {
					err = os.WriteFile(filepath.Join(dirOf(cfg.UploadDir, kindName), name), half, 0o600)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			damage(receiptHome, store.BlobReceipt, names[1])
			damage(mediaHome, store.BlobMedia, logo.Name)

			e, out = testEnv(vars, "")
			if err := run(ctx, []string{"verify"}, e); err == nil {
				t.Fatalf("verify passed with a receipt missing and two files damaged:\n%s", out)
			}
			damaged := "damaged: "
			if kind == blobStorePostgres {
				damaged = "does not match its SHA-256"
			}
			for _, want := range []string{
				"1 receipts and 0 public images intact, 3 missing or damaged",
				"problem: receipt " + names[0] + " (upload ",
				"): missing",
				"problem: receipt " + names[1] + " (upload ",
				"problem: media " + logo.Name + " (games.logo_url ",
				damaged,
			} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("verify said %q, want %q in it", out, want)
				}
			}
			if strings.Contains(out.String(), names[2]) {
				t.Errorf("verify named the intact receipt %s:\n%s", names[2], out)
			}
		})
	}
}

// dirOf is where BLOB_STORE=dir keeps a kind of blob (MEDIA_DIR unset).
func dirOf(uploadDir, kind string) string {
	if kind == store.BlobMedia {
		return filepath.Join(uploadDir, "public")
	}
	return uploadDir
}

// pngOf is a small PNG whose colours depend on seed.
func pngOf(t *testing.T, seed uint8) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for x := range 40 {
		for y := range 30 {
			img.Set(x, y, color.RGBA{R: seed * 50, G: uint8(x * 6), B: uint8(y * 8), A: 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
