package phone

import (
	"errors"
	"testing"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{in: "09123456789", want: "+959123456789"},
		{in: "+959123456789", want: "+959123456789"},
		{in: " 09 123 456 789 ", want: "+959123456789"},
		{in: "959123456789", want: "+959123456789"},
		{in: "+14155552671", want: "+14155552671"},
		{in: "+66812345678", want: "+66812345678"},
		{in: "၀၉၁၂၃၄၅၆၇၈၉", want: "+959123456789"},
		{in: "+95 9 123-456-789", want: "+959123456789"},
		{in: "0095 9123456789", want: "+959123456789"},
		{in: "+95 09123456789", want: "+959123456789"},
		{in: "09-7912-34567", want: "+959791234567"},
		{in: "(09) 7912.34567", want: "+959791234567"},
		{in: "၀၉၄၂၂၂၁၁၃၃၃", want: "+959422211333"},
		{in: "092123456", want: "+9592123456"},
		{in: "09000000001", want: "+959000000001"},
		{in: "", err: ErrInvalid},
		{in: "+", err: ErrInvalid},
		{in: "0912", err: ErrInvalid},
		{in: "+0123456789", err: ErrInvalid},
		{in: "09123456789012345", err: ErrInvalid},
		{in: "09123456789x", err: ErrInvalid},
		{in: "95123", err: ErrInvalid},
		{in: "12", err: ErrInvalid},
		{in: "hello", err: ErrInvalid},
		{in: "09123", err: ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Normalize(tt.in)
			if !errors.Is(err, tt.err) {
				t.Fatalf("Normalize(%q) error = %v, want %v", tt.in, err, tt.err)
			}
			if got != tt.want {
				t.Fatalf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestRegion(t *testing.T) {
	for number, want := range map[string]string{"+959123456789": "MM", "+66812345678": "TH", "+12025550123": "US", "x": ""} {
		if got := Region(number); got != want {
			t.Errorf("Region(%q) = %q, want %q", number, got, want)
		}
	}
	for region, want := range map[string]bool{"MM": true, "TH": true, "mm": false, "XX": false, "": false} {
		if got := KnownRegion(region); got != want {
			t.Errorf("KnownRegion(%q) = %v, want %v", region, got, want)
		}
	}
}
