package adapt

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

// TestLoadArtefact reads a schedule written in completion order back as
// the input (job id order, wait ignored) and the starts (submit + wait).
func TestLoadArtefact(t *testing.T) {
	write := func(swf string) string {
		path := filepath.Join(t.TempDir(), "res.swf")
		if err := os.WriteFile(path, []byte(swf), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	const head = "; Computer: Pyss Simulator\n; MaxProcs: 4\n"
	good := write(head +
		"2 0 0 5 4 -1 -1 4 10 -1 -1 7 -1 -1 -1 -1 -1 -1\n" +
		"1 0 5 3 2 -1 -1 2 30 -1 -1 8 -1 -1 -1 -1 -1 -1\n" +
		"3 2 6 1 1 -1 -1 1 1 -1 -1 7 -1 -1 -1 -1 -1 -1\n")
	a, err := LoadArtefact(good, Requested)
	if err != nil {
		t.Fatal(err)
	}
	if a.CPUs != 4 || len(a.Jobs) != 3 {
		t.Fatalf("%d CPUs, %d jobs; want 4 and 3", a.CPUs, len(a.Jobs))
	}
	var ids []int64
	for _, j := range a.Jobs {
		ids = append(ids, j.ID)
	}
	if !slices.Equal(ids, []int64{1, 2, 3}) || !slices.Equal(a.Starts, []float64{5, 0, 8}) {
		t.Errorf("ids %v starts %v, want [1 2 3] and [5 0 8]", ids, a.Starts)
	}
	if j := a.Jobs[0]; j.Submit != 0 || j.Run != 3 || j.CPUs != 2 || j.Estimate != 30 || j.User != 8 {
		t.Errorf("job 1: %+v", j)
	}
	if ex, err := LoadArtefact(good, Exact); err != nil || ex.Jobs[0].Estimate != 0 {
		t.Errorf("exact: %+v, %v", ex.Jobs, err)
	}
	for _, tc := range []struct{ swf, want string }{
		{head + "1 0 0 5 4 -1 -1 4 10 -1 -1 7 -1 -1 -1 -1 -1 -1\n1 1 0 5 4 -1 -1 4 10 -1 -1 7 -1 -1 -1 -1 -1 -1\n", ":4: job 1 listed twice (also line 3)"},
		{head + "1 0 -1 5 4 -1 -1 4 10 -1 -1 7 -1 -1 -1 -1 -1 -1\n", ":3: job 1: submit 0, wait -1"},
		{head + "1 0 0 5 5 -1 -1 5 10 -1 -1 7 -1 -1 -1 -1 -1 -1\n", ":3: job 1 uses 5 CPUs of 4"},
		{"1 0 0 5 4 -1 -1 4 10 -1 -1 7 -1 -1 -1 -1 -1 -1\n", "the header gives no MaxProcs"},
		{head, "no job lines"},
	} {
		if _, err := LoadArtefact(write(tc.swf), Requested); err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want one line containing %q", tc.swf, err, tc.want)
		}
	}
}

// TestArtefactInputs: the five files of a log give back one input (the
// authors simulated the same jobs under every configuration).
func TestArtefactInputs(t *testing.T) {
	dir := "sc15-artefact/KTH-SP2/"
	var first Artefact
	for i, f := range []string{"res_easy_backfill_scheduler_None_None.swf.gz", "res_easy_plus_plus_scheduler_predictorclairvoyant_throw_an_error.swf.gz"} {
		a, err := LoadArtefact(datadir.ForTest(t, dir+f), Requested)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Jobs) != 28481 || a.CPUs != 100 {
			t.Fatalf("%s: %d jobs on %d CPUs, want 28481 on 100 (the paper's KTH-SP2)", f, len(a.Jobs), a.CPUs)
		}
		if i == 0 {
			first = a
		} else if !slices.Equal(a.Jobs, first.Jobs) {
			t.Errorf("%s: input differs from the EASY file's", f)
		}
	}
}
