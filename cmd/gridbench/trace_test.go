package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runTrace(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), append([]string{"gridbench"}, args...), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestTraceStatsGolden(t *testing.T) {
	dir := t.TempDir()
	counts, acf, fft := filepath.Join(dir, "counts.csv"), filepath.Join(dir, "acf.csv"), filepath.Join(dir, "fft.csv")
	code, stdout, stderr := runTrace(t, "trace", "stats", "--counts-out", counts, "--acf-out", acf, "--fft-out", fft, "--max-lag", "3", "testdata/trace/small.swf")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	golden := "testdata/trace/small.stats.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if stdout != string(want) {
		t.Errorf("stdout differs from %s (rerun with -update after checking):\n%s", golden, stdout)
	}
	// Submits 0 10 500 1023 | 1024 | 3000 | - | 5000 5100 in 1024 s windows.
	wantCounts := "window,start,count\n0,0,4\n1,1024,1\n2,2048,1\n3,3072,0\n4,4096,2\n"
	if b, _ := os.ReadFile(counts); string(b) != wantCounts {
		t.Errorf("counts CSV:\n%s\nwant:\n%s", b, wantCounts)
	}
	b, _ := os.ReadFile(acf)
	if lines := strings.Split(strings.TrimSpace(string(b)), "\n"); len(lines) != 5 || lines[0] != "lag,lag_seconds,acf" || lines[1] != "0,0,1" || !strings.HasPrefix(lines[2], "1,1024,") {
		t.Errorf("acf CSV:\n%s", b)
	}
	b, _ = os.ReadFile(fft)
	if lines := strings.Split(strings.TrimSpace(string(b)), "\n"); len(lines) != 4 || lines[0] != "bin,cycles_per_day,period_hours,magnitude" {
		t.Errorf("fft CSV:\n%s", b)
	}
}

func TestTraceStatsErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"malformed line", []string{"trace", "stats", "testdata/trace/bad.swf"},
			`gridbench: bad.swf:5: field 4 (run time) "1h0" is not a number (write -1 for a missing value)`},
		{"no file", []string{"trace", "stats"}, "gridbench: trace stats takes one FILE, got 0 arguments"},
		{"two files", []string{"trace", "stats", "testdata/trace/small.swf", "--window", "60", "testdata/trace/small.swf"},
			"gridbench: trace stats takes one FILE, got 2 arguments"},
		{"missing file", []string{"trace", "stats", "--data", "testdata", "no/such.swf"}, "gridbench: no/such.swf: no such file"},
		{"missing data folder", []string{"trace", "stats", "--data", "testdata/nowhere", "no/such.swf"}, "gridbench: --data testdata/nowhere: testdata/nowhere is not a folder (--data names a data root to read from)"},
		{"negative lag", []string{"trace", "stats", "--max-lag", "-2", "testdata/trace/small.swf"}, "gridbench: --max-lag -2: must be >= 0"},
		{"bad window", []string{"trace", "stats", "--window", "0", "testdata/trace/small.swf"}, "gridbench: --window 0: must be > 0"},
		{"unwritable output", []string{"trace", "stats", "--counts-out", "testdata/trace/small.swf/c.csv", "testdata/trace/small.swf"},
			"gridbench: --counts-out: testdata/trace/small.swf/c.csv: cannot create output directory: testdata/trace/small.swf is not a directory"},
		{"infinite window", []string{"trace", "stats", "--window", "inf", "testdata/trace/small.swf"}, "gridbench: --window +Inf: must be > 0 seconds and finite"},
		// Known only once the trace is read, and still before any output.
		{"window too narrow for the span", []string{"trace", "stats", "--window", "1e-6", "testdata/trace/small.swf"},
			"gridbench: testdata/trace/small.swf: --window 1e-06: submit times 0..5100 span"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runTrace(t, tc.args...)
			if code != 1 || !strings.HasPrefix(stderr, tc.want) || strings.Count(stderr, "\n") != 1 || stdout != "" {
				t.Errorf("exit %d, stdout %d bytes, stderr %q, want no output and one line starting %q", code, len(stdout), stderr, tc.want)
			}
		})
	}
}

func TestTraceStatsGWF(t *testing.T) {
	code, stdout, stderr := runTrace(t, "trace", "stats", "../../generators/trace/testdata/auvergrid.gwf")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"auvergrid.gwf (GWF)", "jobs       30\n", "absolute Unix seconds", "Europe/Paris"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
}

// A header with a computer but no installation (a log workload generate
// writes) shows the computer alone, not "; synthetic".
func TestTraceStatsSystemOfOneField(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.swf")
	os.WriteFile(path, []byte("; Computer: synthetic\n; MaxProcs: 4\n1 0 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1\n"), 0o644)
	code, stdout, stderr := runTrace(t, "trace", "stats", path)
	if code != 0 || !strings.Contains(stdout, "\nsystem     synthetic\n") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
}

// A header count the trace does not give is left out, not shown as -1.
func TestTraceStatsHeaderCountsGiven(t *testing.T) {
	dir := t.TempDir()
	rec := "1 0 -1 10 1 -1 -1 1 10 -1 1 1 1 -1 -1 -1 -1 -1\n"
	for _, tc := range []struct{ header, want string }{
		{"; MaxProcs: 4\n", "\nheader     MaxProcs 4\n"},
		{"; MaxJobs: 1\n", "\nheader     MaxJobs 1\n"},
		{"; MaxJobs: 1\n; MaxProcs: 4\n", "\nheader     MaxJobs 1, MaxProcs 4\n"},
		{"; Computer: x\n", ""},
	} {
		path := filepath.Join(dir, "h.swf")
		os.WriteFile(path, []byte(tc.header+rec), 0o644)
		code, stdout, stderr := runTrace(t, "trace", "stats", path)
		if code != 0 || strings.Contains(stdout, " -1") || tc.want != "" && !strings.Contains(stdout, tc.want) || tc.want == "" && strings.Contains(stdout, "\nheader ") {
			t.Errorf("%q: exit %d, stderr %q, want %q; stdout:\n%s", tc.header, code, stderr, tc.want, stdout)
		}
	}
}
