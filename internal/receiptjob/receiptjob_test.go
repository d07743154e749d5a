package receiptjob_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"topup/internal/receiptjob"
	"topup/internal/receiptocr"
	"topup/internal/receiptocr/ocrtest"
	"topup/internal/receiptocr/receiptcorpus"
	"topup/internal/receipts"
	"topup/store"
	"topup/store/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

const corpusDir = "../receiptocr/testdata/corpus"

type harness struct {
	t     *testing.T
	db    *store.DB
	dir   *receipts.Store
	alice store.User
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	db := storetest.New(t)
	dir, err := receipts.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	u, err := db.CreateUser(context.Background(), store.NewUser{Username: "alice", Phone: "09420000201", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	return &harness{t: t, db: db, dir: dir, alice: u}
}

// store keeps an image as the upload endpoint does: the file, then its row
// (which queues the job).
func (h *harness) store(image []byte) store.Upload {
	h.t.Helper()
	saved, err := h.dir.Save(context.Background(), bytes.NewReader(image))
	if err != nil {
		h.t.Fatal(err)
	}
	up, err := h.db.CreateUpload(context.Background(), store.NewUpload{UserID: h.alice.ID, StorageName: saved.Name,
		Size: saved.Size, ContentType: saved.ContentType, SHA256: saved.SHA256, Width: saved.Width, Height: saved.Height})
	if err != nil {
		h.t.Fatal(err)
	}
	return up
}

func corpusFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (h *harness) reading(up store.Upload) store.ReceiptReading {
	h.t.Helper()
	r, err := h.db.ReceiptReadingOf(context.Background(), up.ID)
	if err != nil {
		h.t.Fatalf("reading of upload %d: %v", up.ID, err)
	}
	return r
}

// Two nodes' workers drain the queue at once with the real Tesseract:
// every receipt is read and saved exactly once, its fields are right, and
// a larger, recompressed copy of one is matched with it.
func TestWorkersReadEachReceiptOnce(t *testing.T) {
	h := newHarness(t)
	m, err := receiptcorpus.Load(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]receiptcorpus.Receipt{}
	for _, rc := range m.Receipts {
		want[rc.File] = rc
	}
	files := []string{"kbzpay-en-latin-light-1.png", "wavepay-my-latin-dark-1.png", "ayapay-en-latin-dark-2.png"}
	var ups []store.Upload
	for _, f := range files {
		ups = append(ups, h.store(corpusFile(t, f)))
	}
	img, _, err := image.Decode(bytes.NewReader(corpusFile(t, files[0])))
	if err != nil {
		t.Fatal(err)
	}
	var copyJPEG bytes.Buffer
	if err := jpeg.Encode(&copyJPEG, receiptcorpus.Variants[1].Apply(img), &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	copied := h.store(copyJPEG.Bytes())

	reader := receiptocr.New(context.Background(), receiptocr.Options{Slots: 1})
	if ok, langs := reader.Available(); !ok || langs != "eng+mya" {
		t.Fatalf("Tesseract with English and Myanmar data is needed here; found %q", langs)
	}
	var wg sync.WaitGroup
	saved := make([]int, 2)
	for i := range saved {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := receiptjob.New(h.db, h.dir, reader, receiptjob.Options{})
			n, err := w.Drain(context.Background())
			if err != nil {
				t.Error(err)
			}
			saved[i] = n
		}()
	}
	wg.Wait()
	if saved[0]+saved[1] != len(files)+1 {
		t.Fatalf("workers saved %v readings, want %d in all", saved, len(files)+1)
	}
	if n, _ := h.db.ReceiptJobsWaiting(context.Background()); n != 0 {
		t.Fatalf("%d receipts left unread", n)
	}
	for i, f := range files {
		r, rc := h.reading(ups[i]), want[f]
		if r.Status != store.ReadingRead || r.Amount == nil || *r.Amount != rc.Amount || r.TransactionID == nil || *r.TransactionID != rc.TransactionID ||
			r.TransactionKey == nil || *r.TransactionKey != receiptocr.CanonicalID(rc.TransactionID) || r.RawText == "" || len(r.Fingerprint) == 0 || r.CPUMillis <= 0 {
			t.Errorf("%s read as %+v, want amount %d and id %s", f, r, rc.Amount, rc.TransactionID)
		}
	}
	var distance float64
	err = h.db.SQL().Get(&distance, `SELECT distance FROM receipt_image_matches
		WHERE (upload_id, other_upload_id) IN (($1, $2), ($2, $1))`, ups[0].ID, copied.ID)
	if err != nil || distance > 0.25 {
		t.Fatalf("the copy's match with its original: %v (%v)", distance, err)
	}
}

// A node that shuts down mid-read gives the receipt back, and the next
// worker reads it; the shutdown does not count as an attempt.
func TestShutdownGivesTheReceiptBack(t *testing.T) {
	h := newHarness(t)
	up := h.store(corpusFile(t, "cbpay-en-latin-light-1.png"))
	started := filepath.Join(t.TempDir(), "started")
	hung := receiptocr.New(context.Background(), receiptocr.Options{Program: ocrtest.FakeTesseract(t, "touch "+started+"; exec sleep 60")})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		receiptjob.New(h.db, h.dir, hung, receiptjob.Options{Idle: 10 * time.Millisecond}).Run(ctx)
	}()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := os.Stat(started); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the reading never started")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
	if _, err := h.db.ReceiptReadingOf(context.Background(), up.ID); err == nil {
		t.Fatal("a reading cut short by the shutdown was saved")
	}
	job, ok, err := h.db.ClaimReceiptJob(context.Background(), time.Minute)
	if err != nil || !ok || job.UploadID != up.ID || job.Attempts != 1 {
		t.Fatalf("after the shutdown the job is %+v (%v %v), want it free on its first attempt", job, ok, err)
	}
}

// A receipt whose reading killed its worker three times is saved as
// failed without a fourth read; one deleted before it was read is saved
// as gone; without Tesseract, the fingerprint is still taken.
func TestReceiptsThatCannotBeRead(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	poison := h.store(corpusFile(t, "bank-en-latin-dark-1.png"))
	gone := h.store(corpusFile(t, "bank-en-latin-light-2.png"))
	plain := h.store(corpusFile(t, "kbzpay-en-latin-dark-1.png"))
	h.db.SQL().MustExec(`UPDATE receipt_read_jobs SET attempts = 3 WHERE upload_id = $1`, poison.ID)
	if err := h.dir.Delete(context.Background(), gone.StorageName); err != nil {
		t.Fatal(err)
	}
	missing := receiptocr.New(ctx, receiptocr.Options{Program: filepath.Join(t.TempDir(), "no-tesseract")})
	if n, err := receiptjob.New(h.db, h.dir, missing, receiptjob.Options{}).Drain(ctx); err != nil || n != 3 {
		t.Fatalf("drained %d (%v), want 3", n, err)
	}
	if r := h.reading(poison); r.Status != store.ReadingFailed || r.Problem != "reading was abandoned after 3 attempts" {
		t.Fatalf("poison receipt: %+v", r)
	}
	if r := h.reading(gone); r.Status != store.ReadingFailed || r.Problem != "the receipt was deleted before it was read" {
		t.Fatalf("deleted receipt: %+v", r)
	}
	if r := h.reading(plain); r.Status != store.ReadingNotAvailable || len(r.Fingerprint) == 0 || r.Amount != nil {
		t.Fatalf("without Tesseract: %+v", r)
	}
}
