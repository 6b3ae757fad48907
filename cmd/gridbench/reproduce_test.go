package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/gridbench/gridbench/pipeline"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(context.Background(), append([]string{"gridbench"}, args...), &o, &e)
	return code, o.String(), e.String()
}

func TestReproduceBadInput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "plain")
	os.WriteFile(file, []byte("x"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"reproduce", "--only", "nosuch"}, `unknown experiment "nosuch" (valid: immediate`},
		{[]string{"reproduce", "--only", ""}, `--only: an empty experiment name; give NAME[,NAME...]`},
		{[]string{"merge", "--only", "immediate,"}, `--only: an empty experiment name`},
		{[]string{"merge", "--only", "immediate", "--out", filepath.Join(file+"-typo", "out")}, "no such folder: merge reads the shards"},
		{[]string{"run", "nosuch"}, `unknown experiment "nosuch"`},
		{[]string{"run", "deadlin"}, `unknown experiment "deadlin"; did you mean "deadline"? (valid: `},
		{[]string{"run"}, "run needs exactly one experiment"},
		{[]string{"reproduce", "--reps", "-1"}, "--reps -1: must be 0"},
		{[]string{"reproduce", "immediate"}, "use --only immediate"},
		{[]string{"reproduce", "--formats", "png,svg,jpg"}, `--formats png,svg,jpg: unknown figure format "jpg"`},
		{[]string{"reproduce", "--formats", "pdf"}, "--formats pdf: the report pages link png and svg figures"},
		{[]string{"reproduce", "--only", "immediate", "--quick", "--out", filepath.Join(file, "out")}, "cannot create output directory"},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code == 0 {
			t.Errorf("%v: exit 0", tc.args)
		}
		if !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: stderr %q lacks %q", tc.args, stderr, tc.want)
		}
		if n := strings.Count(strings.TrimSpace(stderr), "\n"); n != 0 {
			t.Errorf("%v: error spans %d lines: %q", tc.args, n+1, stderr)
		}
	}
}

// TestRunPrintsSummary checks run's CSV: ci95_low and ci95_high are the
// interval the workbook's Stats sheet shows under those names for the
// same cell (the t-interval: run printed a bootstrap interval under them,
// [2227, 14904] beside the workbook's and the page's [1272, 15668] for
// federation's jitter/SO/u2_completion_s), and the bootstrap interval has
// columns named for it, within the values.
func TestRunPrintsSummary(t *testing.T) {
	out := t.TempDir()
	code, stdout, stderr := runCLI("run", "--quick", "--reps", "3", "--report", "--out", out, "--data", t.TempDir(), "immediate")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "workload,algorithm,metric,n,mean,sd,ci95_low,ci95_high,boot95_low,boot95_high\n") || !strings.Contains(stdout, "gen/u_c_hihi,MCT,makespan,3,") {
		t.Errorf("unexpected stdout:\n%.400s", stdout)
	}
	f, err := excelize.OpenFile(pipeline.WorkbookPath(out))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Stats")
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, c := range rows[0] {
		col[c] = i
	}
	for _, c := range []string{"workload", "algorithm", "metric", "ci95_low", "ci95_high", "min", "max", "ci95_method"} {
		if _, ok := col[c]; !ok {
			t.Fatalf("Stats sheet: no column %s in %q", c, rows[0])
		}
	}
	type cell struct{ w, a, m string }
	sheet := map[cell][]string{}
	for _, r := range rows[1:] {
		sheet[cell{r[col["workload"]], r[col["algorithm"]], r[col["metric"]]}] = r
		if m := r[col["ci95_method"]]; !strings.HasPrefix(m, "t: mean ± t(0.975, n−1)") {
			t.Fatalf("Stats sheet: ci95_method %q", m)
		}
	}
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return v
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")[1:]
	if len(lines) != len(rows)-1 {
		t.Errorf("%d rows in run's CSV, %d in the Stats sheet", len(lines), len(rows)-1)
	}
	differ := 0
	for i, line := range lines {
		fs := strings.Split(line, ",")
		r, ok := sheet[cell{fs[0], fs[1], fs[2]}]
		if !ok {
			t.Fatalf("line %d: no Stats row: %s", i+2, line)
		}
		n, mean, sd := num(fs[3]), num(fs[4]), num(fs[5])
		lo, hi, blo, bhi := num(fs[6]), num(fs[7]), num(fs[8]), num(fs[9])
		// The same interval as the sheet's, to the CSV's 6 decimals.
		for k, v := range []float64{lo, hi} {
			want := num(r[col[[]string{"ci95_low", "ci95_high"}[k]]])
			if math.Abs(v-want) > 5e-7*math.Max(1, math.Abs(want)) {
				t.Errorf("line %d: %s %v in run's CSV, %v in the Stats sheet: %s", i+2, []string{"ci95_low", "ci95_high"}[k], v, want, line)
			}
		}
		// and the t-interval, by its formula (t(0.975, 2) = 4.302653).
		if half := 4.302653 * sd / math.Sqrt(n); math.Abs(hi-mean-half) > 1e-5*math.Max(1, half) {
			t.Errorf("line %d: ci95_high − mean = %v, t·sd/√n = %v", i+2, hi-mean, half)
		}
		// Every immediate metric is non-negative: the bootstrap interval
		// stays within the values and holds the mean.
		// (The CSV has 6 decimals; the sheet's cells read back with 15
		// significant digits.)
		tol := 5e-7 + 1e-13*math.Abs(mean)
		if min, max := num(r[col["min"]]), num(r[col["max"]]); blo < min-tol || bhi > max+tol || blo > mean+tol || bhi < mean-tol {
			t.Errorf("line %d: bootstrap interval [%v, %v] of mean %v, values in [%v, %v]", i+2, blo, bhi, mean, min, max)
		}
		if blo != lo || bhi != hi {
			differ++
		}
	}
	if differ == 0 {
		t.Error("the bootstrap and t intervals agree everywhere: the test shows nothing")
	}
	if _, err := os.Stat(filepath.Join(out, "results", "immediate", "runs.csv")); err != nil {
		t.Error(err)
	}
}

// TestCutRunsCSVIsRecomputed is observation 4 of the trust issue: with
// results/deadline/runs.csv cut in half, `reproduce --only deadline` exited
// 0 having reused a run that lacked 3 metrics and a value cut to 842.02666.
// The cut file no longer matches its manifest's digest: every run is made
// again, and the result is the one a fresh folder gets.
func TestCutRunsCSVIsRecomputed(t *testing.T) {
	out, data := t.TempDir(), t.TempDir()
	args := []string{"reproduce", "--only", "deadline", "--quick", "--data", data}
	if code, _, stderr := runCLI(append(args, "--reps", "2", "--out", out)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	runs := filepath.Join(out, "results", "deadline", "runs.csv")
	b, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	// Cut in half, inside the value that ends a line (the case that read
	// back a shorter number): just before the last digit of the line
	// running past the middle.
	cut := len(b)/2 + strings.IndexByte(string(b[len(b)/2:]), '\n') - 1
	os.WriteFile(runs, b[:cut], 0o644)
	code, _, stderr := runCLI(append(args, "--reps", "3", "--out", out)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "deadline: runs.csv does not match its manifest digest") || strings.Contains(stderr, "reusing") {
		t.Errorf("stderr should say the cut runs.csv is not reused from:\n%s", stderr)
	}
	fresh := t.TempDir()
	if code, _, stderr := runCLI(append(args, "--reps", "3", "--out", fresh)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got, _ := os.ReadFile(runs)
	want, _ := os.ReadFile(filepath.Join(fresh, "results", "deadline", "runs.csv"))
	if len(want) == 0 || string(got) != string(want) {
		t.Errorf("runs.csv after the cut differs from a fresh one (%d vs %d bytes)", len(got), len(want))
	}
}

// TestProgressSaysClaimsOnce: the deadline study's headline gives its
// claims' counts, and the progress printed them again on the next line.
func TestProgressSaysClaimsOnce(t *testing.T) {
	code, _, stderr := runCLI("reproduce", "--quick", "--reps", "2", "-j", "1", "--only", "deadline", "--out", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := strings.Count(stderr, "claims under the default readings"); n != 1 {
		t.Errorf("the claims' counts said %d times, want once:\n%s", n, stderr)
	}
}

// TestRepsNotAppliedIsSaid: backfilling's runs are deterministic and run
// once whatever --reps asks; run printed n = 1 and nothing else said so.
// Immediate takes the --reps it is given, and is not named.
func TestRepsNotAppliedIsSaid(t *testing.T) {
	code, stdout, stderr := runCLI("run", "--quick", "--reps", "3", "--out", t.TempDir(), "backfilling")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "kth-sp2,fcfs,bsld,1,") {
		t.Errorf("stdout: want n = 1 for backfilling's deterministic runs:\n%.300s", stdout)
	}
	if want := "backfilling: --reps 3 not applied: it ran 1 repetition of each configuration"; !strings.Contains(stderr, want) {
		t.Errorf("stderr does not say %q:\n%s", want, stderr)
	}
	code, _, stderr = runCLI("run", "--quick", "--reps", "2", "--out", t.TempDir(), "--data", t.TempDir(), "immediate")
	if code != 0 || strings.Contains(stderr, "not applied") {
		t.Errorf("immediate --reps 2: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestFiguresInTheFormatsOfTheirRun: reproduce --formats png,svg,pdf and
// then reproduce without pdf into the same folder leave no PDF of the
// first run's figures. They were left: the LaTeX page, which names each
// figure without its extension, showed the first run's (pdflatex takes a
// .pdf before a .png), and verify passed. Another study's figure is left
// alone, and the folder verifies.
func TestFiguresInTheFormatsOfTheirRun(t *testing.T) {
	out, data := t.TempDir(), t.TempDir()
	figures := filepath.Join(out, "paper", "figures")
	other := filepath.Join(figures, "immediate-example.pdf")
	os.MkdirAll(figures, 0o755)
	os.WriteFile(other, []byte("%PDF-1.4\n"), 0o644)
	reproduce := func(args ...string) {
		t.Helper()
		args = append([]string{"reproduce", "--quick", "--reps", "2", "--data", data, "--only", "deadline", "--out", out}, args...)
		if code, _, stderr := runCLI(args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	count := func(ext string) int {
		found, _ := filepath.Glob(filepath.Join(figures, "deadline-*."+ext))
		return len(found)
	}
	reproduce("--formats", "png,svg,pdf")
	pdfs := count("pdf")
	if pdfs == 0 || count("png") != pdfs || count("svg") != pdfs {
		t.Fatalf("--formats png,svg,pdf wrote %d PDF, %d PNG and %d SVG figures; want as many of each", pdfs, count("png"), count("svg"))
	}
	reproduce()
	if n := count("pdf"); n > 0 || count("png") != pdfs || count("svg") != pdfs {
		t.Errorf("without pdf: %d PDF (want 0), %d PNG and %d SVG (want %d) figures", n, count("png"), count("svg"), pdfs)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("another study's figure: %v", err)
	}
	if code, stdout, stderr := runCLI("verify", "--data", data, out); code != 0 {
		t.Errorf("verify: exit %d\n%s%s", code, stdout, stderr)
	}
}
