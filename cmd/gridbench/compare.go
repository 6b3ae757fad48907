package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/experiments/filestudy"
	"github.com/gridbench/gridbench/report"
)

func init() { register(compareCommand) }

func compareCommand() *cli.Command {
	return &cli.Command{
		Name:      "compare",
		Usage:     "compare two sets of results, benchstat-style: means, change and significance",
		ArgsUsage: "OLD NEW",
		Description: "OLD and NEW are runs.csv files or folders (a results/<experiment>/ folder, or a folder\n" +
			"holding several, such as --out or --out/results). For every experiment × workload × algorithm ×\n" +
			"metric present in both it prints the two means, the change in %, and a paired Wilcoxon\n" +
			"signed-rank p-value over the repetitions present in both, Holm-adjusted over all rows;\n" +
			"\"~\" marks a change not significant at α = 0.05. Runs pair by workload and repetition and\n" +
			"must have equal seeds, else compare refuses unless --unpaired (then every row uses the\n" +
			"Mann–Whitney U test on the two samples). A configuration that differs (manifest.json) is\n" +
			"reported, not refused; an algorithm whose name changed (an exec: command edited) is paired\n" +
			"with its successor when it is the only unmatched one of its experiment on each side and\n" +
			"the seeds match, and the notes say so (two built-in algorithms, such as easy-sjbf and easy-f1,\n" +
			"are never paired; the notes name the algorithms run on one side only). Repetitions present on one side only are counted\n" +
			"per row (CSV only_old, only_new) and left out of the tests. The last line counts the rows\n" +
			"changed significantly, changed, and equal, and the rows on one side only when there are any;\n" +
			"--changed leaves the equal ones out (to see at once whether a change of code moved any\n" +
			"result). With --csv the notes and the count go to stderr.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "csv", Usage: "print CSV instead of the aligned table"},
			&cli.BoolFlag{Name: "unpaired", Usage: "compare as independent samples (Mann–Whitney U), ignoring seeds and configuration"},
			&cli.Float64Flag{Name: "alpha", Value: 0.05, Usage: "significance level after Holm"},
			&cli.BoolFlag{Name: "changed", Usage: "print only the rows whose values differ (a pair that differs, even with equal means)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return fmt.Errorf("compare needs OLD and NEW (runs.csv files or results folders), got %s", arguments(c.NArg()))
			}
			if a := c.Float64("alpha"); !(a > 0 && a < 1) {
				return fmt.Errorf("--alpha %v: must be between 0 and 1", a)
			}
			old, err := loadResults(c.Args().Get(0))
			if err != nil {
				return err
			}
			nw, err := loadResults(c.Args().Get(1))
			if err != nil {
				return err
			}
			d, err := analysis.CompareResults(old, nw, analysis.CompareOptions{Unpaired: c.Bool("unpaired"), Alpha: c.Float64("alpha"), Builtin: filestudy.Builtin})
			if err != nil {
				return err
			}
			rows := d.Rows
			if c.Bool("changed") {
				rows = slices.DeleteFunc(slices.Clone(rows), func(r analysis.DiffRow) bool { return r.Same })
			}
			if c.Bool("csv") {
				return writeDiffCSV(c.App.Writer, c.App.ErrWriter, d, rows)
			}
			return writeDiffText(c.App.Writer, d, rows)
		},
	}
}

// loadResults reads a runs.csv, or every runs.csv of a results folder.
func loadResults(path string) (analysis.ResultSide, error) {
	st, err := os.Stat(path)
	if err != nil {
		return analysis.ResultSide{}, err
	}
	files := []string{path}
	if st.IsDir() {
		files = nil
		for _, pat := range []string{"runs.csv", "*/runs.csv", "results/*/runs.csv"} {
			m, _ := filepath.Glob(filepath.Join(path, pat))
			files = append(files, m...)
		}
		if len(files) == 0 {
			return analysis.ResultSide{}, fmt.Errorf("%s: no runs.csv in it, in its subfolders or in results/*/", path)
		}
	}
	rs := analysis.ResultSide{Name: path, Configs: map[string]string{}}
	for _, f := range files {
		if err := rs.ReadInto(f); err != nil {
			return analysis.ResultSide{}, err
		}
		if m, err := analysis.ReadManifest(filepath.Join(filepath.Dir(f), "manifest.json")); err == nil {
			rs.Configs[m.Experiment] = m.ConfigHash
			if want, ok := m.Digests["runs.csv"]; ok {
				if got, err := analysis.FileSHA256(f); err == nil && got != want {
					rs.Altered = append(rs.Altered, fmt.Sprintf("%s does not match the digest its manifest records (sha256 %s recorded, %s found)",
						f, analysis.Short(want), analysis.Short(got)))
				}
			}
		}
	}
	return rs, nil
}

// vs is benchstat's last column: the change, or "~" when not significant.
func vs(d *analysis.ResultDiff, r analysis.DiffRow) string {
	stat := fmt.Sprintf("(p=%s n=%d)", report.FormatP(r.PHolm), r.N)
	switch {
	case r.Same:
		return "~ (equal)"
	case !shownChange(d, r):
		return "~ " + stat
	}
	return fmt.Sprintf("%+.2f%% %s", r.Delta(), stat)
}

// shownChange says whether row r of d changed significantly, with a
// change in % to show.
func shownChange(d *analysis.ResultDiff, r analysis.DiffRow) bool {
	delta := r.Delta()
	return r.Old.Mean != r.New.Mean && r.Significant(d.Alpha) && !math.IsNaN(delta) && !math.IsInf(delta, 0)
}

// algorithm names a row's algorithm, "OLD → NEW" when it was renamed.
func algorithm(r analysis.DiffRow) string {
	if r.OldAlgorithm != "" {
		return r.OldAlgorithm + " → " + r.Key.Algorithm
	}
	return r.Key.Algorithm
}

// tally counts d's rows changed significantly, changed but not
// significantly, and equal, on one line, and the rows on one side only
// when there are any: "N equal" alone would read as everything equal
// when a whole experiment is missing on one side.
func tally(d *analysis.ResultDiff) string {
	var sig, changed, equal int
	for _, r := range d.Rows {
		switch {
		case r.Same:
			equal++
		case shownChange(d, r):
			sig++
		default:
			changed++
		}
	}
	t := fmt.Sprintf("%d rows: %d changed significantly (α = %g after Holm), %d changed but not significantly, %d equal", len(d.Rows), sig, d.Alpha, changed, equal)
	if one := d.RowsOnlyOld + d.RowsOnlyNew; one > 0 {
		t += fmt.Sprintf("; %d %s on one side only, not compared (%d only in OLD, %d only in NEW)", one, report.Plural(one, "row"), d.RowsOnlyOld, d.RowsOnlyNew)
	}
	return t
}

func writeDiffText(w io.Writer, d *analysis.ResultDiff, rows []analysis.DiffRow) error {
	for i, n := range d.Notes() {
		if i > 0 {
			n = "note: " + n
		}
		fmt.Fprintln(w, n)
	}
	if len(rows) == 0 { // (--changed, and nothing changed)
		_, err := fmt.Fprintln(w, tally(d))
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "experiment\tworkload\talgorithm\tmetric\told\tnew\tvs old\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Key.Experiment, r.Key.Workload, algorithm(r), r.Key.Metric,
			meanCI(r.Old), meanCI(r.New), vs(d, r))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, tally(d))
	return err
}

// meanCI is "mean ± half the 95% CI in %" as benchstat prints it.
func meanCI(s analysis.Summary) string {
	m := strconv.FormatFloat(s.Mean, 'g', 4, 64)
	if s.N < 2 || s.Mean == 0 || math.IsNaN(s.CIHigh) {
		return m
	}
	return fmt.Sprintf("%s ± %.0f%%", m, 100*(s.CIHigh-s.Mean)/math.Abs(s.Mean))
}

// writeDiffCSV writes one line per row; the notes go to stderr.
func writeDiffCSV(w, notes io.Writer, d *analysis.ResultDiff, rows []analysis.DiffRow) error {
	for _, n := range d.Notes() {
		fmt.Fprintln(notes, "compare: "+n)
	}
	fmt.Fprintln(notes, "compare: "+tally(d))
	cw := csv.NewWriter(w)
	cw.Write([]string{"experiment", "workload", "algorithm", "old_algorithm", "metric", "n", "only_old", "only_new", "old_mean", "new_mean", "delta_pct", "test", "p", "p_holm", "significant"})
	for _, r := range rows {
		cw.Write([]string{r.Key.Experiment, r.Key.Workload, r.Key.Algorithm, r.OldAlgorithm, r.Key.Metric, strconv.Itoa(r.N),
			strconv.Itoa(r.OnlyOld), strconv.Itoa(r.OnlyNew),
			analysis.FormatValue(r.Old.Mean), analysis.FormatValue(r.New.Mean), analysis.FormatValue(r.Delta()),
			r.Test, analysis.FormatValue(r.P), analysis.FormatValue(r.PHolm), strconv.FormatBool(r.Significant(d.Alpha))})
	}
	cw.Flush()
	return cw.Error()
}
