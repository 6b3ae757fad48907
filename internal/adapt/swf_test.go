package adapt

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLoadSWFNoSubmit pins the package rule: a job with a negative submit
// time is skipped and counted, never simulated at a time it did not have.
func TestLoadSWFNoSubmit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.swf")
	swf := "1 0 -1 10 1 -1 -1 1 12 -1 1 1 1 -1 -1 -1 -1 -1\n" +
		"2 -1 -1 10 1 -1 -1 1 12 -1 1 1 1 -1 -1 -1 -1 -1\n" +
		"3 5 -1 10 1 -1 -1 1 12 -1 1 1 1 -1 -1 -1 -1 -1\n"
	if err := os.WriteFile(path, []byte(swf), 0o644); err != nil {
		t.Fatal(err)
	}
	jobs, sk, err := LoadSWF(path, 0, 4, Exact)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 2 || jobs[0].ID != 1 || jobs[1].ID != 3 || sk.NoSubmit != 1 || sk.Total() != 1 {
		t.Errorf("jobs %+v, skipped %v; want jobs 1 and 3, job 2 skipped for its submit time", jobs, sk)
	}
}
