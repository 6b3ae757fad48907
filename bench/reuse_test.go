package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// The manifest records the SHA-256 of runs.csv and series.csv as written;
// a folder whose files no longer match is never reused from, and the
// progress says which file and why.
func TestTamperedFilesAreNotReusedFrom(t *testing.T) {
	for _, tc := range []struct {
		file, from, to string
	}{
		{runsFile, "toy,w2,B,1,", "toy,w2,B,1,"}, // replaced below by a value edit
		{seriesFile, "toy,w1,A,0,", "toy,w1,A,0,"},
		{runsFile, "", ""}, // the file removed
	} {
		t.Run(tc.file, func(t *testing.T) {
			dir := t.TempDir()
			var calls atomic.Int64
			res, err := Execute(context.Background(), testPlan(2), toyExec(&calls), Options{Dir: dir, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{runsFile, seriesFile} {
				got, err := analysis.FileSHA256(filepath.Join(dir, f))
				if err != nil || res.Manifest.Digests[f] != got || len(got) != 64 {
					t.Fatalf("manifest digest of %s = %q, file's %q (%v)", f, res.Manifest.Digests[f], got, err)
				}
			}
			path := filepath.Join(dir, tc.file)
			if tc.from == "" {
				os.Remove(path)
			} else {
				b, _ := os.ReadFile(path)
				// Change the last digit of the first value of the line.
				i := strings.Index(string(b), tc.from)
				end := i + strings.IndexByte(string(b[i:]), '\n')
				if b[end-1] == '1' {
					b[end-1] = '2'
				} else {
					b[end-1] = '1'
				}
				os.WriteFile(path, b, 0o644)
			}
			var log strings.Builder
			before := calls.Load()
			if _, err := Execute(context.Background(), testPlan(2), toyExec(&calls), Options{Dir: dir, Workers: 2, Progress: &log}); err != nil {
				t.Fatal(err)
			}
			if n := calls.Load() - before; n != 12 {
				t.Errorf("after tampering with %s: %d runs computed, want all 12", tc.file, n)
			}
			want := tc.file + " does not match its manifest digest"
			if tc.from == "" {
				want = tc.file + " is missing"
			}
			if !strings.Contains(log.String(), want) || !strings.Contains(log.String(), "recomputing") {
				t.Errorf("progress does not say %q:\n%s", want, log.String())
			}
			// Written again, the folder is consistent and reused whole.
			before = calls.Load()
			if _, err := Execute(context.Background(), testPlan(2), toyExec(&calls), Options{Dir: dir, Workers: 2}); err != nil {
				t.Fatal(err)
			}
			if n := calls.Load() - before; n != 0 {
				t.Errorf("after rewriting: %d runs computed, want 0", n)
			}
		})
	}
}

// A manifest written before digests existed vouches for nothing.
func TestManifestWithoutDigestsIsNotReusedFrom(t *testing.T) {
	dir := t.TempDir()
	var calls atomic.Int64
	if _, err := Execute(context.Background(), testPlan(1), toyExec(&calls), Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	m, err := analysis.ReadManifest(filepath.Join(dir, manifestFile))
	if err != nil {
		t.Fatal(err)
	}
	m.Digests = nil
	if err := analysis.WriteManifest(filepath.Join(dir, manifestFile), m); err != nil {
		t.Fatal(err)
	}
	before := calls.Load()
	if _, err := Execute(context.Background(), testPlan(1), toyExec(&calls), Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 6 {
		t.Errorf("%d runs computed, want all 6", n)
	}
}
