package analysis

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// side builds records of one experiment "e", workload "w", metric "m":
// algorithm algo has value f(rep) and seed 100+rep for each rep.
func side(name string, config string, algos map[string][]int, f func(algo string, rep int) float64) ResultSide {
	s := ResultSide{Name: name, Configs: map[string]string{"e": config}}
	for _, a := range sortedKeys(algos) {
		for _, rep := range algos[a] {
			s.Records = append(s.Records, Record{Experiment: "e", Workload: "w", Algorithm: a, Rep: rep,
				Seed: uint64(100 + rep), Metric: "m", Value: f(a, rep)})
		}
	}
	return s
}

func reps(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// An exec: scheduler whose command changed is the only unmatched algorithm
// on each side: it is paired with its successor, and the notes say so.
func TestCompareResultsPairsRenamedAlgorithm(t *testing.T) {
	val := func(a string, rep int) float64 {
		if strings.HasPrefix(a, "exec:python3 v2") {
			return 2 * float64(10+rep)
		}
		return float64(10 + rep)
	}
	old := side("OLD", "h1", map[string][]int{"easy": reps(8), "exec:python3 v1.py": reps(8)}, val)
	nw := side("NEW", "h2", map[string][]int{"easy": reps(8), "exec:python3 v2.py": reps(8)}, val)
	d, err := CompareResults(old, nw, CompareOptions{Alpha: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Rows) != 2 || d.RowsOnlyOld != 0 || d.RowsOnlyNew != 0 {
		t.Fatalf("rows %+v, only old %d, only new %d: want 2 rows, none one-sided", d.Rows, d.RowsOnlyOld, d.RowsOnlyNew)
	}
	r := d.Rows[1]
	if r.OldAlgorithm != "exec:python3 v1.py" || r.Key.Algorithm != "exec:python3 v2.py" || r.N != 8 || !r.Significant(0.05) {
		t.Errorf("renamed row %+v: want v1 paired with v2 over 8 pairs, significant", r)
	}
	notes := strings.Join(d.Notes(), "\n")
	for _, want := range []string{`e: paired "exec:python3 v1.py" (OLD) with "exec:python3 v2.py" (NEW)`, "e: configuration differs (config_hash h1 in OLD, h2 in NEW)"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	// Two unmatched algorithms on a side are ambiguous: nothing is paired.
	old3 := side("OLD", "h1", map[string][]int{"x": reps(8), "y": reps(8)}, val)
	if _, err := CompareResults(old3, nw, CompareOptions{Alpha: 0.05}); err == nil {
		t.Error("x and y against easy and v2 compared something; want no row in common")
	}
}

// Repetitions on one side only are counted per row and left out of the test.
func TestCompareResultsOneSidedRepetitions(t *testing.T) {
	val := func(_ string, rep int) float64 { return float64(rep) }
	old := side("OLD", "h", map[string][]int{"a": reps(6)}, val)
	nw := side("NEW", "h", map[string][]int{"a": {2, 3, 4, 5, 6, 7, 8}}, val)
	d, err := CompareResults(old, nw, CompareOptions{Alpha: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	r := d.Rows[0]
	if r.N != 4 || r.OnlyOld != 2 || r.OnlyNew != 3 || d.RepsOnlyOld != 2 || d.RepsOnlyNew != 3 {
		t.Errorf("row %+v, totals %d/%d: want 4 pairs, 2 repetitions only in OLD, 3 only in NEW", r, d.RepsOnlyOld, d.RepsOnlyNew)
	}
	if !math.IsNaN(r.P) {
		t.Errorf("equal pairs tested: p = %v", r.P)
	}
	notes := strings.Join(d.Notes(), "\n")
	for _, want := range []string{"repetitions on one side only, left out of the tests: 2 in OLD, 3 in NEW", "e/w/a/m (2 only in OLD, 3 only in NEW)",
		"with at most 4 pairs a row's p-value is at least 0.125"} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
}

// A seed that differs within a paired repetition is refused.
func TestCompareResultsRefusesUnpairedSeeds(t *testing.T) {
	val := func(_ string, rep int) float64 { return float64(rep) }
	old := side("OLD", "h", map[string][]int{"a": reps(3)}, val)
	nw := side("NEW", "h", map[string][]int{"a": reps(3)}, val)
	nw.Records[1].Seed = 7
	if _, err := CompareResults(old, nw, CompareOptions{Alpha: 0.05}); err == nil || !strings.Contains(err.Error(), "e/w/a rep 1: seed 101 in OLD, 7 in NEW") {
		t.Errorf("err = %v", err)
	}
}

// Two names the tool runs as they are (registered schedulers) are two
// algorithms: a study that swapped one for another pairs neither, and
// each row is one-sided.
func TestCompareResultsKeepsBuiltinAlgorithmsApart(t *testing.T) {
	val := func(_ string, rep int) float64 { return float64(10 + rep) }
	old := side("OLD", "h1", map[string][]int{"easy": reps(8), "easy-sjbf": reps(8)}, val)
	nw := side("NEW", "h2", map[string][]int{"easy": reps(8), "easy-f1": reps(8)}, val)
	builtin := func(name string) bool { return name == "easy" || name == "easy-sjbf" || name == "easy-f1" }
	d, err := CompareResults(old, nw, CompareOptions{Alpha: 0.05, Builtin: builtin})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Renamed) != 0 || len(d.Rows) != 1 || d.RowsOnlyOld != 1 || d.RowsOnlyNew != 1 {
		t.Errorf("renamed %v, rows %d, only old %d, only new %d: want easy alone compared, easy-sjbf and easy-f1 one-sided", d.Renamed, len(d.Rows), d.RowsOnlyOld, d.RowsOnlyNew)
	}
	if want := "not compared, run on one side only: in OLD e: easy-sjbf; in NEW e: easy-f1"; !slices.Contains(d.Notes(), want) {
		t.Errorf("notes %q lack %q", d.Notes(), want)
	}
	// Without the tool's names (nil) they pair, as an edited command would.
	d, err = CompareResults(old, nw, CompareOptions{Alpha: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Renamed) != 1 || len(d.Rows) != 2 || len(d.AlgosOnlyOld)+len(d.AlgosOnlyNew) != 0 {
		t.Errorf("renamed %v, rows %d, one-sided %v %v: want easy-sjbf paired with easy-f1", d.Renamed, len(d.Rows), d.AlgosOnlyOld, d.AlgosOnlyNew)
	}
}

// Two sides with nothing in common say what each holds: a study renamed
// between them, or other workloads.
func TestCompareResultsNothingInCommonSaysWhatEachHolds(t *testing.T) {
	val := func(_ string, rep int) float64 { return float64(rep) }
	old := side("OLD", "h", map[string][]int{"a": reps(4)}, val)
	nw := side("NEW", "h", map[string][]int{"a": reps(4)}, val)
	for i := range nw.Records {
		nw.Records[i].Experiment = "e2"
	}
	if _, err := CompareResults(old, nw, CompareOptions{Alpha: 0.05}); err == nil || !strings.HasSuffix(err.Error(), "in common (OLD holds e; NEW holds e2)") {
		t.Errorf("renamed experiment: %v", err)
	}
	for i := range nw.Records {
		nw.Records[i].Experiment, nw.Records[i].Workload = "e", "w2"
	}
	if _, err := CompareResults(old, nw, CompareOptions{Alpha: 0.05}); err == nil || !strings.HasSuffix(err.Error(), "in common (OLD holds e/w; NEW holds e/w2)") {
		t.Errorf("other workloads: %v", err)
	}
	nw.Records = nil // a runs.csv of its header line alone
	if _, err := CompareResults(old, nw, CompareOptions{Alpha: 0.05}); err == nil || !strings.HasSuffix(err.Error(), "in common (OLD holds e; NEW holds no runs)") {
		t.Errorf("no runs on one side: %v", err)
	}
	if _, err := CompareResults(nw, nw, CompareOptions{Alpha: 0.05}); err == nil || !strings.HasSuffix(err.Error(), "in common (neither holds a run)") {
		t.Errorf("no runs on either side: %v", err)
	}
}

// A value that is NaN on both sides (a metric the run could not compute)
// keeps its row the same; one that is NaN on one side alone does not.
func TestSameValuesNaN(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		a, b []float64
		want bool
	}{
		{[]float64{nan, 1}, []float64{nan, 1}, true},
		{[]float64{nan, 1}, []float64{1, 1}, false},
		{[]float64{1, 2}, []float64{2, 1}, false},
		{[]float64{1, 2}, []float64{1, 2}, true},
	} {
		if got := sameValues(c.a, c.b); got != c.want {
			t.Errorf("sameValues(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestCompareDuplicateWhere: a run and metric recorded twice is named by
// file and line when the side knows its records' origins (ReadInto), by
// the side's name when it does not (records built in a program).
func TestCompareDuplicateWhere(t *testing.T) {
	f := func(string, int) float64 { return 1 }
	ok := side("old", "h", map[string][]int{"a": {0, 1}}, f)
	dup := side("new", "h", map[string][]int{"a": {0, 1}}, f)
	dup.Records = append(dup.Records, dup.Records[0])
	if _, err := CompareResults(ok, dup, CompareOptions{Alpha: 0.05}); err == nil ||
		err.Error() != "new: run e/w/a/0 metric m is recorded twice: one value per run and metric" {
		t.Errorf("no origins: %v", err)
	}
	dup.Origins = []Origin{{"x.csv", 2}, {"x.csv", 3}, {"y.csv", 7}}
	if _, err := CompareResults(ok, dup, CompareOptions{Alpha: 0.05}); err == nil ||
		err.Error() != "y.csv:7: run e/w/a/0 metric m is recorded twice (first at x.csv:2): one value per run and metric" {
		t.Errorf("origins: %v", err)
	}
	dup.Origins[2].File = "x.csv"
	if _, err := CompareResults(ok, dup, CompareOptions{Alpha: 0.05}); err == nil ||
		err.Error() != "x.csv:7: run e/w/a/0 metric m is recorded twice (first on line 2): one value per run and metric" {
		t.Errorf("origins in one file: %v", err)
	}
}
