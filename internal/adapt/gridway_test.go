package adapt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBackground reads a small trace into background jobs sorted by submit
// time (trace order kept on ties), stops at maxJobs, and refuses what the
// one-PE-per-job model cannot hold, naming the line.
func TestBackground(t *testing.T) {
	write := func(swf string) string {
		path := filepath.Join(t.TempDir(), "bg.swf")
		if err := os.WriteFile(path, []byte(swf), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("1 20 -1 10 1 -1 -1 1 12 -1 1 1 1 -1 -1 -1 -1 -1\n" +
		"2 5 -1 30 1 -1 -1 1 12 -1 1 1 1 -1 -1 -1 -1 -1\n" +
		"3 5 -1 40 1 -1 -1 1 12 -1 1 1 1 -1 -1 -1 -1 -1\n")
	bg, err := Background(good, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(bg) != 3 || bg[0].Run != 30 || bg[1].Run != 40 || bg[2].Submit != 20 {
		t.Errorf("background %+v, want jobs 2, 3, 1 by submit time", bg)
	}
	if bg, err := Background(good, 2); err != nil || len(bg) != 2 || bg[0].Run != 30 || bg[1].Submit != 20 {
		t.Errorf("maxJobs 2: %+v, %v; want the first two lines (jobs 1 and 2) sorted", bg, err)
	}
	for _, tc := range []struct{ swf, want string }{
		{"1 -1 -1 10 1 -1 -1 1 12 -1 1 1 1 -1 -1 -1 -1 -1\n", ":1: job 1 has no submit time"},
		{"1 0 -1 -1 1 -1 -1 1 12 -1 1 1 1 -1 -1 -1 -1 -1\n", ":1: job 1 has no run time"},
		{"1 0 -1 10 4 -1 -1 4 12 -1 1 1 1 -1 -1 -1 -1 -1\n", ":1: job 1 uses 4 processors"},
	} {
		if _, err := Background(write(tc.swf), 0); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.swf, err, tc.want)
		}
	}
	if _, err := Background(filepath.Join(t.TempDir(), "no-such-trace.swf"), 0); err == nil {
		t.Error("missing trace accepted")
	}
}
