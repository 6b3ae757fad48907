package trace

import (
	"strings"
	"testing"
)

// A submit time of 1e300 once sized the window table (makeslice panic) and
// one of 1e10 made trace stats run for minutes in 1.8 GB; both are refused
// where they are read, naming the line, the column and the limit.
func TestTimeBeyondLimitIsRefused(t *testing.T) {
	for _, tc := range []struct{ line, column string }{
		{"1 1e300 0 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1", "submit time"},
		{"1 0 0 1e10 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1", "run time"},
		{"1 0 -5e9 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1", "wait time"},
		{"1 0 0 1 1 -1 -1 1 1e308 -1 1 1 1 -1 -1 1 -1 -1", "requested time"},
		{"1 0 0 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 1e12", "think time"},
	} {
		text := "1 0 0 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1\n" + tc.line + "\n"
		_, err := Analyze(NewSWFReader(strings.NewReader(text), "big.swf"))
		if err == nil || !strings.Contains(err.Error(), "big.swf:2: field") || !strings.Contains(err.Error(), tc.column) || !strings.Contains(err.Error(), "4e+09") {
			t.Errorf("%s: %v", tc.column, err)
		}
	}
	// At the limit itself the trace reads.
	text := "1 0 0 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1\n2 4e9 0 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1\n"
	s, err := Analyze(NewSWFReader(strings.NewReader(text), "edge.swf"))
	if err != nil || s.Jobs != 2 {
		t.Fatalf("submit at MaxSeconds: %v", err)
	}
	if w, err := CountWindows(s.Submits, DefaultWindow); err != nil || len(w.Counts) != int(4e9/DefaultWindow)+1 {
		t.Errorf("windows over MaxSeconds at the default width: %d, %v", len(w.Counts), err)
	}
}

func TestCountWindowsLimit(t *testing.T) {
	for _, width := range []float64{0, -1, 1e-300, 1} {
		if _, err := CountWindows([]float64{0, 3e9}, width); err == nil {
			t.Errorf("width %g over a 3e9 s span: no error", width)
		}
	}
	if _, err := CountWindows([]float64{0, float64(MaxWindows-1) * 10}, 10); err != nil {
		t.Errorf("MaxWindows windows: %v", err)
	}
	if _, err := CountWindows([]float64{0, float64(MaxWindows) * 10}, 10); err == nil || !strings.Contains(err.Error(), "4194304") {
		t.Errorf("MaxWindows+1 windows: %v", err)
	}
	// The error says the limit's span in a unit a reader takes in, and
	// the narrowest window that fits, which does.
	_, err := CountWindows([]float64{0, 13216249}, 1) // RICC-2010-2's span
	if want := "the limit is 4194304 windows (48.5 days at 1 s); a submit time is wrong, or widen the window to 4 s or more"; err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("RICC-2010-2's span at 1 s: %v\nwant it to end with %s", err, want)
	}
	if _, err := CountWindows([]float64{0, 13216249}, 4); err != nil {
		t.Errorf("the width the error gives: %v", err)
	}
	for s, want := range map[float64]string{30: "30 s", 7200: "2 hours", 5 * 86400: "5 days", 4e9: "127 years"} {
		if got := span(s); got != want {
			t.Errorf("span(%g) = %q, want %q", s, got, want)
		}
	}
}

func TestTooManyRecords(t *testing.T) {
	r := NewSWFReader(strings.NewReader("1 0 0 1 1 -1 -1 1 1 -1 1 1 1 -1 -1 1 -1 -1\n"), "one.swf")
	r.records = MaxRecords // as if ten million lines were read
	if r.Next() || r.Err() == nil || !strings.Contains(r.Err().Error(), "10000000") {
		t.Errorf("record past MaxRecords: %v", r.Err())
	}
}
