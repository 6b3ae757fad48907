package timeshared_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/timeshared"
)

// TestReadJobs: the first maxJobs records as ReadTrace reads the whole
// trace (a record without a run or submit time kept, with Run < 0), all of
// them for maxJobs <= 0, and a torn line an error naming it.
func TestReadJobs(t *testing.T) {
	lines := []string{
		"; MaxProcs: 4",
		"1 0 -1 3 1 -1 -1 1 -1 -1 1 7 -1 -1 -1 -1 -1 -1",
		"2 1 -1 2 1 -1 -1 1 -1 -1 1 8 -1 -1 -1 -1 -1 -1",
		"3 2 -1 -1 1 -1 -1 1 -1 -1 1 7 -1 -1 -1 -1 -1 -1", // no run time
		"4 -1 -1 5 1 -1 -1 1 -1 -1 1 9 -1 -1 -1 -1 -1 -1", // no submit time
		"5 4 -1 5 1 -1 -1 1 -1 -1 1 7 -1 -1 -1 -1 -1 -1",
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "t.swf")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	whole, err := timeshared.ReadTrace(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, max := range []int{0, -1, 1, 3, 5, 9} {
		got, err := timeshared.ReadJobs(path, max)
		if err != nil {
			t.Fatalf("ReadJobs(%d): %v", max, err)
		}
		want := whole.Jobs
		if max > 0 && max < len(want) {
			want = want[:max]
		}
		if !slices.Equal(got, want) {
			t.Errorf("ReadJobs(%d) = %+v\nwant %+v", max, got, want)
		}
	}
	if got, _ := timeshared.ReadJobs(path, 0); got[2].Run >= 0 || got[3].Run >= 0 || got[4].Run != 5 {
		t.Errorf("records without a run or a submit time: %+v, want Run < 0 for jobs 3 and 4", got)
	}
	torn := filepath.Join(dir, "torn.swf")
	if err := os.WriteFile(torn, []byte(strings.Join(lines, "\n")[:len(strings.Join(lines, "\n"))-20]), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := timeshared.ReadJobs(torn, 0); err == nil || !strings.Contains(err.Error(), "torn.swf:6") {
		t.Errorf("a torn last line: err = %v, want one naming torn.swf:6", err)
	}
}
