package receiptocr

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"topup/internal/receiptocr/receiptcorpus"
)

const corpusDir = "testdata/corpus"

func loadImage(t testing.TB, name string) image.Image {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, name))
	if err != nil {
		t.Fatal(err)
	}
	img, err := decode(b)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestFingerprintCatchesReScreenshots(t *testing.T) {
	for _, name := range []string{"kbzpay-en-latin-light-1.png", "wavepay-my-myanmar-dark-2.png", "bank-my-latin-light-1.png"} {
		img := loadImage(t, name)
		fp := FingerprintOf(img)
		for _, v := range receiptcorpus.Variants {
			if !v.Caught {
				continue
			}
			if d := Distance(fp, FingerprintOf(v.Apply(img))); d > NearDuplicate {
				t.Errorf("%s, %s: distance %.3f, want ≤ %.2f", name, v.Name, d, NearDuplicate)
			}
		}
	}
}

func TestFingerprintTellsOtherReceiptsApart(t *testing.T) {
	a := FingerprintOf(loadImage(t, "kbzpay-en-latin-light-1.png"))
	for _, other := range []string{"wavepay-en-latin-light-1.png", "kbzpay-my-myanmar-dark-1.png", "ayapay-en-latin-light-1.png"} {
		if d := Distance(a, FingerprintOf(loadImage(t, other))); d <= NearDuplicate {
			t.Errorf("%s: distance %.3f, want > %.2f", other, d, NearDuplicate)
		}
	}
}

func TestFingerprintRoundTrip(t *testing.T) {
	fp := FingerprintOf(loadImage(t, "cbpay-en-latin-dark-1.png"))
	b, err := fp.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var back Fingerprint
	if err := back.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	if fp.Rows == 0 || Distance(fp, back) != 0 {
		t.Errorf("round trip changed the fingerprint (%d rows, distance %.3f)", fp.Rows, Distance(fp, back))
	}
	for _, bad := range [][]byte{nil, {2, 0, 0}, b[:len(b)-1]} {
		if err := back.UnmarshalBinary(bad); err == nil {
			t.Errorf("%x decoded", bad)
		}
	}
}

func TestFingerprintOfABlankImageMatchesNothing(t *testing.T) {
	blank := FingerprintOf(image.NewGray(image.Rect(0, 0, 500, 900)))
	if d := Distance(blank, blank); d != 1 {
		t.Errorf("blank vs blank: %.3f, want 1 (no content, no match)", d)
	}
}
