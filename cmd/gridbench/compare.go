package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"text/tabwriter"

	"github.com/aclements/go-moremath/stats"
	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/analysis"
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
			"\"~\" marks a change not significant at α = 0.05. Pairs must have equal seeds and the\n" +
			"experiments' configurations (manifest.json) must agree, else compare refuses unless\n" +
			"--unpaired (then every row uses the Mann–Whitney U test on the two samples).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "csv", Usage: "print CSV instead of the aligned table"},
			&cli.BoolFlag{Name: "unpaired", Usage: "compare as independent samples (Mann–Whitney U), ignoring seeds and configuration"},
			&cli.Float64Flag{Name: "alpha", Value: 0.05, Usage: "significance level after Holm"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return fmt.Errorf("compare needs OLD and NEW (runs.csv files or results folders), got %d arguments", c.NArg())
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
			cmp, err := compareResults(old, nw, c.Bool("unpaired"), c.Float64("alpha"))
			if err != nil {
				return err
			}
			if c.Bool("csv") {
				return cmp.writeCSV(c.App.Writer)
			}
			return cmp.writeText(c.App.Writer)
		},
	}
}

// resultSet is the records of one side and the configuration hash of each
// experiment whose manifest was found.
type resultSet struct {
	name    string
	recs    []analysis.Record
	configs map[string]string // experiment -> config hash
}

// loadResults reads a runs.csv, or every runs.csv of a results folder.
func loadResults(path string) (*resultSet, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	files := []string{path}
	if st.IsDir() {
		files = nil
		for _, pat := range []string{"runs.csv", "*/runs.csv", "results/*/runs.csv"} {
			m, _ := filepath.Glob(filepath.Join(path, pat))
			files = append(files, m...)
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: no runs.csv in it, in its subfolders or in results/*/", path)
		}
	}
	rs := &resultSet{name: path, configs: map[string]string{}}
	for _, f := range files {
		recs, err := analysis.ReadFile(f)
		if err != nil {
			return nil, err
		}
		rs.recs = append(rs.recs, recs...)
		if m, err := analysis.ReadManifest(filepath.Join(filepath.Dir(f), "manifest.json")); err == nil {
			rs.configs[m.Experiment] = m.ConfigHash
		}
	}
	return rs, nil
}

// comparison is the table model both renderers draw.
type comparison struct {
	rows     []compRow
	unpaired bool
	alpha    float64
	pairs    int // matched (rep, seed) pairs over all rows
	onlyOld  int // rows only in OLD
	onlyNew  int
	maxN     int // most pairs in a row (paired)
}

type compRow struct {
	key              analysis.GroupKey
	old, new         analysis.Summary
	n                int     // pairs (paired) or the smaller sample (unpaired)
	p, padj          float64 // NaN when no test could run
	test             string  // "wilcoxon" or "mann-whitney"
	oldVals, newVals []float64
}

// delta returns the change of the mean in %.
func (r compRow) delta() float64 { return 100 * (r.new.Mean - r.old.Mean) / math.Abs(r.old.Mean) }

func compareResults(old, nw *resultSet, unpaired bool, alpha float64) (*comparison, error) {
	cmp := &comparison{unpaired: unpaired, alpha: alpha}
	if !unpaired {
		var exps []string
		for e := range old.configs {
			exps = append(exps, e)
		}
		sort.Strings(exps)
		for _, e := range exps {
			if h, ok := nw.configs[e]; ok && h != old.configs[e] {
				return nil, fmt.Errorf("%s: configuration differs (manifest config_hash %s in %s, %s in %s): the runs are not paired; compare them with --unpaired",
					e, old.configs[e], old.name, h, nw.name)
			}
		}
	}
	type side struct {
		vals  map[int]float64
		seeds map[int]uint64
	}
	collect := func(recs []analysis.Record) (map[analysis.GroupKey]*side, []analysis.GroupKey) {
		m := map[analysis.GroupKey]*side{}
		var order []analysis.GroupKey
		for _, r := range recs {
			k := analysis.GroupKey{Experiment: r.Experiment, Workload: r.Workload, Algorithm: r.Algorithm, Metric: r.Metric}
			s, ok := m[k]
			if !ok {
				s = &side{vals: map[int]float64{}, seeds: map[int]uint64{}}
				m[k] = s
				order = append(order, k)
			}
			s.vals[r.Rep], s.seeds[r.Rep] = r.Value, r.Seed
		}
		return m, order
	}
	om, order := collect(old.recs)
	nm, _ := collect(nw.recs)
	for k := range nm {
		if _, ok := om[k]; !ok {
			cmp.onlyNew++
		}
	}
	for _, k := range order {
		o, n := om[k], nm[k]
		if n == nil {
			cmp.onlyOld++
			continue
		}
		row := compRow{key: k, p: math.NaN()}
		if unpaired {
			row.oldVals, row.newVals = sortedValues(o.vals), sortedValues(n.vals)
		} else {
			var reps []int
			for rep := range o.vals {
				if _, ok := n.vals[rep]; ok {
					reps = append(reps, rep)
				}
			}
			sort.Ints(reps)
			for _, rep := range reps {
				if o.seeds[rep] != n.seeds[rep] {
					return nil, fmt.Errorf("%s/%s/%s rep %d: seed %d in %s, %d in %s: the runs are not paired; compare them with --unpaired",
						k.Experiment, k.Workload, k.Algorithm, rep, o.seeds[rep], old.name, n.seeds[rep], nw.name)
				}
				row.oldVals, row.newVals = append(row.oldVals, o.vals[rep]), append(row.newVals, n.vals[rep])
			}
			if len(reps) == 0 {
				cmp.onlyOld++ // no repetition in common: nothing to pair
				continue
			}
		}
		row.old, row.new = analysis.Summarize(row.oldVals), analysis.Summarize(row.newVals)
		if unpaired {
			row.test, row.n = "mann-whitney", min(len(row.oldVals), len(row.newVals))
			if u, err := stats.MannWhitneyUTest(row.oldVals, row.newVals, stats.LocationDiffers); err == nil {
				row.p = u.P
			}
		} else {
			row.test, row.n = "wilcoxon", len(row.oldVals)
			cmp.pairs += row.n
			// Rows whose pairs are all equal stay out of the Holm family:
			// there is nothing to test, and a p of 1 would only weaken the
			// correction of the rows that did change.
			if w, err := analysis.Wilcoxon(row.oldVals, row.newVals); err == nil && w.N > 0 {
				row.p = w.P
			}
			cmp.maxN = max(cmp.maxN, row.n)
		}
		cmp.rows = append(cmp.rows, row)
	}
	if len(cmp.rows) == 0 {
		return nil, fmt.Errorf("%s and %s have no experiment × workload × algorithm × metric (with a repetition) in common", old.name, nw.name)
	}
	ps := make([]float64, len(cmp.rows))
	for i, r := range cmp.rows {
		ps[i] = r.p
	}
	for i, p := range analysis.Holm(ps) {
		cmp.rows[i].padj = p
	}
	return cmp, nil
}

func sortedValues(m map[int]float64) []float64 {
	reps := make([]int, 0, len(m))
	for rep := range m {
		reps = append(reps, rep)
	}
	sort.Ints(reps)
	out := make([]float64, len(reps))
	for i, rep := range reps {
		out[i] = m[rep]
	}
	return out
}

// vs is benchstat's last column: the change, or "~" when not significant.
func (c *comparison) vs(r compRow) string {
	stat := fmt.Sprintf("(p=%s n=%d)", report.FormatP(r.padj), r.n)
	d := r.delta()
	switch {
	case r.old.Mean == r.new.Mean:
		return "~ (equal)"
	case math.IsNaN(r.padj) || r.padj >= c.alpha || math.IsNaN(d) || math.IsInf(d, 0):
		return "~ " + stat
	}
	return fmt.Sprintf("%+.2f%% %s", d, stat)
}

func (c *comparison) summary() string {
	if c.unpaired {
		return fmt.Sprintf("%d rows compared as independent samples (Mann–Whitney U, Holm over the rows, α = %g); %d rows only in OLD, %d only in NEW",
			len(c.rows), c.alpha, c.onlyOld, c.onlyNew)
	}
	return fmt.Sprintf("%d rows, %d pairs matched by repetition with equal seeds (paired Wilcoxon, Holm over the rows, α = %g); %d rows only in OLD, %d only in NEW",
		len(c.rows), c.pairs, c.alpha, c.onlyOld, c.onlyNew)
}

// smallN warns when no row has enough pairs to reach alpha: the smallest
// exact two-sided Wilcoxon p-value over n pairs is 2/2^n.
func (c *comparison) smallN() string {
	if c.unpaired || c.maxN == 0 || 2/math.Exp2(float64(c.maxN)) < c.alpha {
		return ""
	}
	return fmt.Sprintf("note: with at most %d pairs a row's p-value is at least %s, so no change can be significant at α = %g; run more repetitions (at least %d)",
		c.maxN, report.FormatP(2/math.Exp2(float64(c.maxN))), c.alpha, int(math.Ceil(math.Log2(2/c.alpha)+1e-9)))
}

func (c *comparison) writeText(w io.Writer) error {
	fmt.Fprintln(w, c.summary())
	if n := c.smallN(); n != "" {
		fmt.Fprintln(w, n)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "experiment\tworkload\talgorithm\tmetric\told\tnew\tvs old\t")
	for _, r := range c.rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.key.Experiment, r.key.Workload, r.key.Algorithm, r.key.Metric,
			meanCI(r.old), meanCI(r.new), c.vs(r))
	}
	return tw.Flush()
}

// meanCI is "mean ± half the 95% CI in %" as benchstat prints it.
func meanCI(s analysis.Summary) string {
	m := strconv.FormatFloat(s.Mean, 'g', 4, 64)
	if s.N < 2 || s.Mean == 0 || math.IsNaN(s.CIHigh) {
		return m
	}
	return fmt.Sprintf("%s ± %.0f%%", m, 100*(s.CIHigh-s.Mean)/math.Abs(s.Mean))
}

func (c *comparison) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"experiment", "workload", "algorithm", "metric", "n", "old_mean", "new_mean", "delta_pct", "test", "p", "p_holm", "significant"})
	for _, r := range c.rows {
		sig := !math.IsNaN(r.padj) && r.padj < c.alpha && r.old.Mean != r.new.Mean
		cw.Write([]string{r.key.Experiment, r.key.Workload, r.key.Algorithm, r.key.Metric, strconv.Itoa(r.n),
			analysis.FormatValue(r.old.Mean), analysis.FormatValue(r.new.Mean), analysis.FormatValue(r.delta()),
			r.test, analysis.FormatValue(r.p), analysis.FormatValue(r.padj), strconv.FormatBool(sig)})
	}
	cw.Flush()
	return cw.Error()
}
