package spaceshared

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

const twoJobs = "1 0 -1 10 2 -1 -1 2 12 -1 1 1 1 -1 -1 -1 -1 -1\n" +
	"2 1 -1 5 4 -1 -1 4 5 -1 1 1 1 -1 -1 -1 -1 -1\n"

func writeSWF(t *testing.T, path, body string, mtime time.Time) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

// Load reads a file once per content: a second call shares the first's
// jobs, an edited file is read again, and LoadSWF hands out copies.
func TestLoadOncePerContent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "two.swf")
	t0 := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	writeSWF(t, path, twoJobs, t0)
	in := Input{Path: path, CPUs: 4, Estimate: EstimateRequested}
	a, err := Load(in)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Load(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Jobs) != 2 || &a.Jobs[0] != &b.Jobs[0] {
		t.Fatalf("second Load read the file again (or read %d jobs, want 2)", len(a.Jobs))
	}
	if c, err := Load(Input{Path: path, CPUs: 3, Estimate: EstimateRequested}); err != nil || len(c.Jobs) != 1 || c.Skipped.TooWide != 1 {
		t.Errorf("Load for 3 CPUs: %d jobs, %+v, %v; want 1 job, 1 too wide", len(c.Jobs), c.Skipped, err)
	}

	jobs, _, err := LoadSWF(path, 0, 4, EstimateRequested)
	if err != nil {
		t.Fatal(err)
	}
	jobs[0].Run = -1
	if again, _ := Load(in); again.Jobs[0].Run != 10 {
		t.Errorf("changing LoadSWF's jobs changed Load's: run %v", again.Jobs[0].Run)
	}

	writeSWF(t, path, twoJobs+"3 2 -1 7 1 -1 -1 1 7 -1 1 1 1 -1 -1 -1 -1 -1\n", t0.Add(time.Hour))
	if d, err := Load(in); err != nil || len(d.Jobs) != 3 {
		t.Errorf("Load after an edit: %d jobs, %v; want the new file's 3", len(d.Jobs), err)
	}
}

// A file that cannot be read is the reader's error, every time (errors
// are not kept).
func TestLoadMissing(t *testing.T) {
	in := Input{Path: filepath.Join(t.TempDir(), "none.swf"), CPUs: 4, Estimate: EstimateRequested}
	for range 2 {
		if _, err := Load(in); err == nil {
			t.Fatal("Load of a missing file succeeded")
		}
	}
}
