package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// writeRuns writes a runs.csv (and a manifest with config hash cfg when
// not empty) with 8 repetitions of three algorithms: "a" takes value(rep),
// "b" 10 plus bump(rep), "c" the constant 5.
func writeRuns(t *testing.T, cfg string, seed func(rep int) uint64, value, bump func(rep int) float64) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "results", "exp")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var recs []analysis.Record
	for rep := range 8 {
		recs = append(recs,
			analysis.Record{Experiment: "exp", Workload: "w", Algorithm: "a", Rep: rep, Seed: seed(rep), Metric: "wait", Value: value(rep)},
			analysis.Record{Experiment: "exp", Workload: "w", Algorithm: "b", Rep: rep, Seed: seed(rep), Metric: "wait", Value: 10 + bump(rep)},
			analysis.Record{Experiment: "exp", Workload: "w", Algorithm: "c", Rep: rep, Seed: seed(rep), Metric: "wait", Value: 5})
	}
	var b bytes.Buffer
	if err := analysis.WriteCSV(&b, recs); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "runs.csv"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if cfg != "" {
		if err := analysis.WriteManifest(filepath.Join(dir, "manifest.json"), &analysis.Manifest{Experiment: "exp", ConfigHash: cfg}); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Dir(filepath.Dir(dir)) // the --out folder
}

func runCompare(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"gridbench", "compare"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCompare(t *testing.T) {
	seed := func(rep int) uint64 { return uint64(100 + rep) }
	none := func(int) float64 { return 0 }
	old := writeRuns(t, "h1", seed, func(rep int) float64 { return float64(20 + rep) }, none)
	// Every repetition of "a" is 25% + rep/10 slower: significant after Holm
	// (exact p = 2/256 over 8 pairs, doubled by Holm over the two rows that
	// changed; "c" did not change and stays out of the family).
	nw := writeRuns(t, "h1", seed, func(rep int) float64 { return float64(20+rep) * (1.25 + float64(rep)/10) },
		func(rep int) float64 { return float64(rep%2) / 2 })
	code, stdout, stderr := runCompare(old, nw)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"3 rows, 24 pairs matched by workload, repetition and equal seed",
		"exp         w         a          wait    23.5 ± 9%  38.12 ± 21%  +62.23% (p=0.0156 n=8)",
		"exp         w         b          wait    10 ± 0%    10.25 ± 2%   ~ (p=0.1250 n=8)", // four equal differences and four zeros: exact p = 2/2^4, not 0.0455, the normal approximation's
		"exp         w         c          wait    5 ± 0%     5 ± 0%       ~ (equal)",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if want := "3 rows: 1 changed significantly (α = 0.05 after Holm), 1 changed but not significantly, 1 equal\n"; !strings.HasSuffix(stdout, want) {
		t.Errorf("stdout does not end with the count %q:\n%s", want, stdout)
	}
	// --changed leaves the equal row out, and says so in the count.
	_, stdout, _ = runCompare("--changed", old, nw)
	if strings.Contains(stdout, "exp         w         c") || !strings.Contains(stdout, "+62.23%") || !strings.Contains(stdout, ", 1 equal\n") {
		t.Errorf("--changed:\n%s", stdout)
	}
	if _, stdout, _ = runCompare("--changed", old, old); strings.Contains(stdout, "experiment") || !strings.HasSuffix(stdout, "3 rows: 0 changed significantly (α = 0.05 after Holm), 0 changed but not significantly, 3 equal\n") {
		t.Errorf("--changed, nothing changed: want the count alone, got\n%s", stdout)
	}
	_, csvOut, csvNotes := runCompare("--csv", filepath.Join(old, "results", "exp", "runs.csv"), nw)
	if !strings.Contains(csvNotes, "compare: 3 rows: 1 changed significantly") {
		t.Errorf("csv notes lack the count: %q", csvNotes)
	}
	if !strings.Contains(csvOut, "exp,w,a,,wait,8,0,0,23.5,") || !strings.Contains(csvOut, ",wilcoxon,0.0078125,0.015625,true\n") || !strings.Contains(csvOut, "exp,w,c,,wait,8,0,0,5,5,0,wilcoxon,NaN,NaN,false\n") {
		t.Errorf("csv:\n%s", csvOut)
	}

	// Differing seeds are refused unless --unpaired; a differing
	// configuration is reported and the runs still pair by seed.
	other := writeRuns(t, "h1", func(rep int) uint64 { return uint64(200 + rep) }, func(rep int) float64 { return 30 }, none)
	code, _, stderr = runCompare(old, other)
	if code == 0 || !strings.Contains(stderr, "exp/w/a rep 0: seed 100 in") || !strings.Contains(stderr, "--unpaired") {
		t.Errorf("differing seeds: exit %d, stderr %q", code, stderr)
	}
	changed := writeRuns(t, "h2", seed, func(rep int) float64 { return 30 }, none)
	code, stdout, stderr = runCompare(old, changed)
	if code != 0 || !strings.Contains(stdout, "note: exp: configuration differs (config_hash h1 in OLD, h2 in NEW); runs paired where workload, repetition and seed match") {
		t.Errorf("differing configuration: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, stderr = runCompare("--unpaired", old, other)
	if code != 0 || !strings.Contains(stdout, "3 rows compared as independent samples (Mann–Whitney U") || !strings.Contains(stdout, "+27.66% (p=0.0002 n=8)") {
		t.Errorf("--unpaired: exit %d, stdout %s, stderr %s", code, stdout, stderr)
	}

	for _, args := range [][]string{{old}, {old, filepath.Join(t.TempDir(), "none")}, {old, t.TempDir()}} {
		if code, _, stderr := runCompare(args...); code == 0 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q: want one line and a failure", args, code, stderr)
		}
	}
}

// TestCompareRefusesAmbiguousInput: a runs.csv that gridbench could not
// have written (a value twice, NaN, a misspelt header, no bytes at all)
// is refused in one line naming the file, instead of being compared with
// one of the values picked, NaN averaged in, or nothing compared.
func TestCompareRefusesAmbiguousInput(t *testing.T) {
	same := func(int) float64 { return 1 }
	old := writeRuns(t, "", func(rep int) uint64 { return uint64(rep) }, func(rep int) float64 { return float64(rep) }, same)
	for _, tc := range []struct {
		name string
		edit func(string) string
		want string
	}{
		{"duplicate", func(s string) string { return s + "exp,w,a,3,3,wait,99\n" }, "runs.csv:26: run exp/w/a/3 metric wait is recorded twice (first on line 11): one value per run and metric"},
		{"NaN", func(s string) string { return strings.Replace(s, "exp,w,c,0,0,wait,5\n", "exp,w,c,0,0,wait,NaN\n", 1) }, `runs.csv:4: field value "NaN" is not a finite number`},
		{"header", func(s string) string { return strings.Replace(s, ",value\n", ",val\n", 1) }, `runs.csv:1: a header line "experiment,workload,algorithm,rep,seed,metric,val", want`},
		{"empty", func(string) string { return "" }, "runs.csv: the file is empty, not even the header line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "results", "exp")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(old, "results", "exp", "runs.csv"))
			if err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(dir, "runs.csv")
			if err := os.WriteFile(p, []byte(tc.edit(string(b))), 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, stderr := runCompare(old, p)
			if code == 0 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q: want one line containing %q", code, stderr, tc.want)
			}
		})
	}
}

// TestCompareNotesAlteredResults: a runs.csv that no longer matches the
// digest its manifest records is compared as it is, with a note naming
// it; one that matches, or has no digest, gets none.
func TestCompareNotesAlteredResults(t *testing.T) {
	seed := func(rep int) uint64 { return uint64(100 + rep) }
	none := func(int) float64 { return 0 }
	old := writeRuns(t, "", seed, func(rep int) float64 { return float64(20 + rep) }, none)
	nw := writeRuns(t, "", seed, func(rep int) float64 { return float64(20 + rep) }, none)
	runs := filepath.Join(nw, "results", "exp", "runs.csv")
	sum, err := analysis.FileSHA256(runs)
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{old, nw} {
		m := &analysis.Manifest{Experiment: "exp", ConfigHash: "h1", Digests: map[string]string{"runs.csv": sum}}
		if err := analysis.WriteManifest(filepath.Join(dir, "results", "exp", "manifest.json"), m); err != nil {
			t.Fatal(err)
		}
	}
	if _, stdout, _ := runCompare(old, nw); strings.Contains(stdout, "changed after gridbench wrote it") {
		t.Errorf("notes an unaltered file:\n%s", stdout)
	}
	b, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(runs, bytes.Replace(b, []byte(",20\n"), []byte(",21\n"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCompare(old, nw)
	if want := "note: NEW: " + runs + " does not match the digest its manifest records (sha256 "; code != 0 || !strings.Contains(stdout, want) || strings.Contains(stdout, "note: OLD: ") {
		t.Errorf("exit %d, stdout:\n%s\nstderr %s\nwant a note %q", code, stdout, stderr, want)
	}
}

// TestCompareEqualMeansMovedValues: values that moved between repetitions
// with the mean unchanged (+1 in one, -1 in another: a count, a makespan
// in seconds) are a change, never "equal", and --changed shows the row.
func TestCompareEqualMeansMovedValues(t *testing.T) {
	seed := func(rep int) uint64 { return uint64(100 + rep) }
	none := func(int) float64 { return 0 }
	old := writeRuns(t, "h1", seed, func(rep int) float64 { return float64(20 + rep) }, none)
	nw := writeRuns(t, "h1", seed, func(rep int) float64 { return float64(20 + rep) }, func(rep int) float64 {
		return []float64{1, -1, 0, 0, 0, 0, 0, 0}[rep] // b: 11, 9, 10, ...: the same mean, 10
	})
	code, stdout, stderr := runCompare("--changed", old, nw)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "exp         w         b          wait") || strings.Contains(stdout, "exp         w         a ") {
		t.Errorf("--changed: want b's row alone:\n%s", stdout)
	}
	if want := "3 rows: 0 changed significantly (α = 0.05 after Holm), 1 changed but not significantly, 2 equal\n"; !strings.HasSuffix(stdout, want) {
		t.Errorf("want the count %q:\n%s", want, stdout)
	}
	// a's values in reverse order: every pair moved, the same sample.
	rev := writeRuns(t, "h1", seed, func(rep int) float64 { return float64(27 - rep) }, none)
	if _, stdout, _ = runCompare(old, rev); !strings.HasSuffix(stdout, ", 1 changed but not significantly, 2 equal\n") {
		t.Errorf("paired, reversed:\n%s", stdout)
	}
	if _, stdout, _ = runCompare("--unpaired", old, rev); !strings.HasSuffix(stdout, ", 0 changed but not significantly, 3 equal\n") {
		t.Errorf("--unpaired, reversed:\n%s", stdout)
	}
}

// TestCompareDuplicateNamesFileAndLine: a value recorded twice in a
// results folder is named by the runs.csv files and lines that hold it,
// not by the folder.
func TestCompareDuplicateNamesFileAndLine(t *testing.T) {
	seed := func(rep int) uint64 { return uint64(rep) }
	same := func(int) float64 { return 1 }
	old := writeRuns(t, "", seed, func(rep int) float64 { return float64(rep) }, same)
	nw := writeRuns(t, "", seed, func(rep int) float64 { return float64(rep) }, same)
	dir := filepath.Join(nw, "results", "copy")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "runs.csv"), []byte(strings.Join(analysis.Header, ",")+"\nexp,w,a,3,3,wait,99\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCompare(old, nw)
	want := filepath.Join(nw, "results", "exp", "runs.csv") + ":11: run exp/w/a/3 metric wait is recorded twice (first at " +
		filepath.Join(nw, "results", "copy", "runs.csv") + ":2): one value per run and metric\n"
	if code == 0 || !strings.HasSuffix(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stderr %q\nwant it to end with %q", code, stderr, want)
	}
}

// TestCompareCountsRowsOnOneSide: when a whole experiment is missing on
// one side, the last line says so after its count of equal rows, which
// alone would read as every row equal.
func TestCompareCountsRowsOnOneSide(t *testing.T) {
	seed := func(rep int) uint64 { return uint64(rep) }
	same := func(int) float64 { return 1 }
	old := writeRuns(t, "", seed, func(rep int) float64 { return float64(rep) }, same)
	nw := writeRuns(t, "", seed, func(rep int) float64 { return float64(rep) }, same)
	// OLD has a second experiment of two rows that NEW lacks.
	dir := filepath.Join(old, "results", "exp2")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "runs.csv"), []byte(strings.Join(analysis.Header, ",")+"\nexp2,w,a,0,0,wait,1\nexp2,w,a,0,0,bsld,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCompare(old, nw)
	if want := "3 rows: 0 changed significantly (α = 0.05 after Holm), 0 changed but not significantly, 3 equal; " +
		"2 rows on one side only, not compared (2 only in OLD, 0 only in NEW)\n"; code != 0 || !strings.HasSuffix(stdout, want) {
		t.Errorf("exit %d, stdout:\n%s\nstderr %q\nwant it to end with %q", code, stdout, stderr, want)
	}
	_, _, stderr = runCompare("--csv", nw, old)
	if want := "compare: 3 rows: 0 changed significantly (α = 0.05 after Holm), 0 changed but not significantly, 3 equal; " +
		"2 rows on one side only, not compared (0 only in OLD, 2 only in NEW)\n"; !strings.HasSuffix(stderr, want) {
		t.Errorf("--csv, stderr:\n%s\nwant it to end with %q", stderr, want)
	}
}
