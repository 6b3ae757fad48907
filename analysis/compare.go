package analysis

import (
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"strings"
)

// ResultSide is one side of a results comparison (`gridbench compare`):
// the records read from its runs.csv files and the configuration hash of
// each experiment whose manifest was found.
type ResultSide struct {
	Name    string
	Records []Record
	Configs map[string]string // experiment -> manifest config_hash
	// Altered are the side's runs.csv files that differ from the digest
	// their manifest records, each with the digests: changed after
	// gridbench wrote them, and compared as they are now.
	Altered []string
	// Origins, when not nil, has where each record was read: Records[i]
	// is line Origins[i].Line of Origins[i].File (ReadInto fills both).
	// Errors about a record name its file and line, else the side's Name.
	Origins []Origin
}

// Origin is where a record was read.
type Origin struct {
	File string
	Line int
}

func (o Origin) String() string { return fmt.Sprintf("%s:%d", o.File, o.Line) }

// ReadInto appends the records of the runs.csv at path to the side, with
// their origins.
func (side *ResultSide) ReadInto(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := NewReader(f, path)
	for r.Next() {
		side.Records = append(side.Records, r.Record())
		side.Origins = append(side.Origins, Origin{path, r.Line()})
	}
	return r.Err()
}

// DiffRow is one experiment × workload × algorithm × metric of a results
// comparison.
type DiffRow struct {
	Key GroupKey // Key.Algorithm is NEW's name
	// OldAlgorithm is OLD's name when it differs from Key.Algorithm: the
	// algorithm's command changed between the sides (see ResultDiff.Renamed).
	OldAlgorithm string
	Old, New     Summary // of the values compared
	N            int     // pairs (paired) or the smaller sample (unpaired)
	Test         string  // "wilcoxon" or "mann-whitney"
	P, PHolm     float64 // NaN when no test could run (all pairs equal, too few values)
	// OnlyOld and OnlyNew count the repetitions present on one side only:
	// left out of a paired test.
	OnlyOld, OnlyNew int
	// Same reports whether the values compared are the same: paired, each
	// repetition's value equals its pair's; unpaired, the two samples hold
	// the same values. Equal means are not enough: values moved from one
	// repetition to another (+1 in one, -1 in another) keep the mean.
	Same bool
}

// Delta returns the change of the mean in % of OLD's.
func (r DiffRow) Delta() float64 { return 100 * (r.New.Mean - r.Old.Mean) / math.Abs(r.Old.Mean) }

// Significant reports whether the change is significant at alpha after Holm.
func (r DiffRow) Significant(alpha float64) bool {
	return !math.IsNaN(r.PHolm) && r.PHolm < alpha && r.Old.Mean != r.New.Mean
}

// Renaming pairs an algorithm present only in OLD with one present only in
// NEW, in the same experiment, whose workloads, repetitions and seeds match:
// the same algorithm under a changed command (an exec: scheduler edited and
// renamed, say).
type Renaming struct{ Experiment, Old, New string }

// ConfigDiff is an experiment whose manifests' configuration hashes differ.
// Paired rows are still paired by workload, repetition and seed.
type ConfigDiff struct{ Experiment, Old, New string }

// CompareOptions are how CompareResults compares.
type CompareOptions struct {
	Unpaired bool    // independent samples (Mann–Whitney U), not pairs
	Alpha    float64 // the significance level after Holm
	// Builtin reports whether an algorithm's name is one the tool runs
	// under that name (a registered scheduler, not an exec: command or a
	// study's alias); nil: none is.
	Builtin func(name string) bool
}

// ResultDiff is the table model of a results comparison; renderers draw
// its rows and notes and compute nothing.
type ResultDiff struct {
	Rows     []DiffRow
	Unpaired bool
	Alpha    float64
	Pairs    int // matched (repetition, seed) pairs over all rows (paired)
	// RowsOnlyOld and RowsOnlyNew count the rows present on one side only
	// (or, paired, with no repetition in common).
	RowsOnlyOld, RowsOnlyNew int
	// RepsOnlyOld and RepsOnlyNew sum the rows' one-sided repetitions.
	RepsOnlyOld, RepsOnlyNew int
	MaxN                     int // most pairs in a row (paired)
	Renamed                  []Renaming
	// AlgosOnlyOld and AlgosOnlyNew are the algorithms of an experiment
	// on both sides that one side alone ran (not renamed), as
	// "experiment: algorithm", sorted.
	AlgosOnlyOld, AlgosOnlyNew []string
	ConfigDiffers              []ConfigDiff
	// AlteredOld and AlteredNew are the sides' ResultSide.Altered.
	AlteredOld, AlteredNew []string
}

// CompareResults compares NEW with OLD, benchstat-style. Paired (the
// default), rows are matched by experiment, workload, algorithm and metric
// and values by repetition; a repetition whose seeds differ is an error,
// since its runs are not paired. An algorithm whose name differs between
// the sides is paired when it is the only unmatched one of its experiment
// on each side and its repetitions' seeds match (Renamed says so), and a
// configuration hash that differs is reported (ConfigDiffers), not refused:
// equal seeds on equal workloads are what make a pair. Each row gets the
// exact Wilcoxon signed-rank test (Mann–Whitney U when unpaired), and the
// p-values are Holm-adjusted over the rows.
//
// Two names that o.Builtin knows are two algorithms, never one renamed:
// a study that swapped easy-sjbf for easy-f1 compares neither.
func CompareResults(old, nw ResultSide, o CompareOptions) (*ResultDiff, error) {
	unpaired := o.Unpaired
	d := &ResultDiff{Unpaired: unpaired, Alpha: o.Alpha, AlteredOld: old.Altered, AlteredNew: nw.Altered}
	for _, e := range sortedKeys(old.Configs) {
		if h, ok := nw.Configs[e]; ok && h != old.Configs[e] {
			d.ConfigDiffers = append(d.ConfigDiffers, ConfigDiff{e, old.Configs[e], h})
		}
	}
	om, order, err := collectSides(old)
	if err != nil {
		return nil, err
	}
	nm, _, err := collectSides(nw)
	if err != nil {
		return nil, err
	}
	oa, na := algosOf(om), algosOf(nm)
	// experiment -> OLD name -> NEW name, and back
	rename, back := map[string]map[string]string{}, map[string]map[string]string{}
	if !unpaired {
		d.Renamed = renamings(om, nm, oa, na, o.Builtin)
		for _, r := range d.Renamed {
			rename[r.Experiment] = map[string]string{r.Old: r.New} // (one renaming per experiment)
			back[r.Experiment] = map[string]string{r.New: r.Old}
		}
	}
	newKey := func(k GroupKey) GroupKey {
		if n, ok := rename[k.Experiment][k.Algorithm]; ok {
			k.Algorithm = n
		}
		return k
	}
	matched := map[GroupKey]bool{}
	for _, k := range order {
		o, nk := om[k], newKey(k)
		n := nm[nk]
		if n == nil {
			d.RowsOnlyOld++
			continue
		}
		matched[nk] = true
		row := DiffRow{Key: nk, P: math.NaN()}
		if nk.Algorithm != k.Algorithm {
			row.OldAlgorithm = k.Algorithm
		}
		var ov, nv []float64
		if unpaired {
			ov, nv = o.values(), n.values()
		} else {
			for _, rep := range o.reps() {
				if _, ok := n.vals[rep]; !ok {
					row.OnlyOld++
					continue
				}
				if o.seeds[rep] != n.seeds[rep] {
					return nil, fmt.Errorf("%s/%s/%s rep %d: seed %d in %s, %d in %s: the runs are not paired; compare them with --unpaired",
						k.Experiment, k.Workload, k.Algorithm, rep, o.seeds[rep], old.Name, n.seeds[rep], nw.Name)
				}
				ov, nv = append(ov, o.vals[rep]), append(nv, n.vals[rep])
			}
			for rep := range n.vals {
				if _, ok := o.vals[rep]; !ok {
					row.OnlyNew++
				}
			}
			d.RepsOnlyOld += row.OnlyOld
			d.RepsOnlyNew += row.OnlyNew
			if len(ov) == 0 {
				d.RowsOnlyOld++ // no repetition in common: nothing to pair
				continue
			}
		}
		row.Old, row.New = Summarize(ov), Summarize(nv)
		if unpaired {
			row.Same = sameValues(slices.Sorted(slices.Values(ov)), slices.Sorted(slices.Values(nv)))
		} else {
			row.Same = sameValues(ov, nv)
		}
		if unpaired {
			row.Test, row.N = "mann-whitney", min(len(ov), len(nv))
			if u, err := MannWhitney(ov, nv); err == nil {
				row.P = u.P
			}
		} else {
			row.Test, row.N = "wilcoxon", len(ov)
			d.Pairs += row.N
			// Rows whose pairs are all equal stay out of the Holm family:
			// there is nothing to test, and a p of 1 would only weaken the
			// correction of the rows that did change.
			if w, err := Wilcoxon(ov, nv); err == nil && w.N > 0 {
				row.P = w.P
			}
			d.MaxN = max(d.MaxN, row.N)
		}
		d.Rows = append(d.Rows, row)
	}
	for k := range nm {
		if !matched[k] {
			d.RowsOnlyNew++
		}
	}
	d.AlgosOnlyOld, d.AlgosOnlyNew = onlyOn(oa, na, rename), onlyOn(na, oa, back)
	if len(d.Rows) == 0 {
		return nil, fmt.Errorf("%s and %s have no experiment × workload × algorithm × metric (with a repetition) in common%s", old.Name, nw.Name, holdWhat(om, nm))
	}
	ps := make([]float64, len(d.Rows))
	for i, r := range d.Rows {
		ps[i] = r.P
	}
	for i, p := range Holm(ps) {
		d.Rows[i].PHolm = p
	}
	return d, nil
}

// SmallN returns, when no row has enough pairs to reach Alpha (the smallest
// exact two-sided Wilcoxon p over n pairs is 2/2^n), the most pairs of a
// row and the fewest that could; ok is false otherwise.
func (d *ResultDiff) SmallN() (most, needed int, ok bool) {
	if d.Unpaired || d.MaxN == 0 || 2/math.Exp2(float64(d.MaxN)) < d.Alpha {
		return 0, 0, false
	}
	return d.MaxN, int(math.Ceil(math.Log2(2/d.Alpha) + 1e-9)), true
}

// sideValues are one side's values and seeds of one row, by repetition.
type sideValues struct {
	vals  map[int]float64
	seeds map[int]uint64
}

func (s *sideValues) reps() []int {
	reps := make([]int, 0, len(s.vals))
	for rep := range s.vals {
		reps = append(reps, rep)
	}
	sort.Ints(reps)
	return reps
}

func (s *sideValues) values() []float64 {
	var out []float64
	for _, rep := range s.reps() {
		out = append(out, s.vals[rep])
	}
	return out
}

// collectSides groups records by row, keeping the rows' first-seen order.
func collectSides(side ResultSide) (map[GroupKey]*sideValues, []GroupKey, error) {
	m := map[GroupKey]*sideValues{}
	var order []GroupKey
	for i, r := range side.Records {
		k := GroupKey{Experiment: r.Experiment, Workload: r.Workload, Algorithm: r.Algorithm, Metric: r.Metric}
		s, ok := m[k]
		if !ok {
			s = &sideValues{vals: map[int]float64{}, seeds: map[int]uint64{}}
			m[k] = s
			order = append(order, k)
		}
		if _, dup := s.vals[r.Rep]; dup {
			// Two values of one measurement: which one is meant?
			return nil, nil, duplicate(side, i)
		}
		s.vals[r.Rep], s.seeds[r.Rep] = r.Value, r.Seed
	}
	return m, order, nil
}

// duplicate is the error of side's record i, whose run and metric an
// earlier record has: it names both records' files and lines when the
// side has its origins. Only an error pays for the search.
func duplicate(side ResultSide, i int) error {
	r := side.Records[i]
	if len(side.Origins) != len(side.Records) {
		return fmt.Errorf("%s: run %s metric %s is recorded twice: one value per run and metric", side.Name, r.Key(), r.Metric)
	}
	at := side.Origins[i]
	first := ""
	for j, e := range side.Records[:i] {
		if e.Key() == r.Key() && e.Metric == r.Metric {
			if o := side.Origins[j]; o.File == at.File {
				first = fmt.Sprintf(" (first on line %d)", o.Line)
			} else {
				first = " (first at " + o.String() + ")"
			}
			break
		}
	}
	return fmt.Errorf("%s: run %s metric %s is recorded twice%s: one value per run and metric", at, r.Key(), r.Metric, first)
}

// renamings finds, per experiment, the one algorithm only in OLD and the
// one only in NEW (oa and na: each side's algorithms, see algosOf), and pairs them when every (workload, repetition) they
// share has the same seed and they share at least one, unless builtin
// (nil: none) knows both names.
func renamings(om, nm map[GroupKey]*sideValues, oa, na map[string]map[string]bool, builtin func(string) bool) []Renaming {
	var out []Renaming
	for _, e := range sortedKeys(oa) {
		var onlyOld, onlyNew []string
		for a := range oa[e] {
			if !na[e][a] {
				onlyOld = append(onlyOld, a)
			}
		}
		for a := range na[e] {
			if !oa[e][a] {
				onlyNew = append(onlyNew, a)
			}
		}
		if len(onlyOld) != 1 || len(onlyNew) != 1 || builtin != nil && builtin(onlyOld[0]) && builtin(onlyNew[0]) {
			continue
		}
		shared, agree := 0, true
		for k, o := range om {
			if k.Experiment != e || k.Algorithm != onlyOld[0] {
				continue
			}
			nk := k
			nk.Algorithm = onlyNew[0]
			n := nm[nk]
			if n == nil {
				continue
			}
			for rep, seed := range o.seeds {
				if s, ok := n.seeds[rep]; ok {
					shared++
					agree = agree && s == seed
				}
			}
		}
		if shared > 0 && agree {
			out = append(out, Renaming{e, onlyOld[0], onlyNew[0]})
		}
	}
	return out
}

// holdWhat says, for a comparison with no row in common, what each side
// holds where they differ: their experiments (a study renamed), else
// their workloads; "" when both are the same (but for holding none).
func holdWhat(om, nm map[GroupKey]*sideValues) string {
	if len(om) == 0 && len(nm) == 0 {
		return " (neither holds a run)"
	}
	names := func(m map[GroupKey]*sideValues, of func(GroupKey) string) []string {
		seen := map[string]bool{}
		for k := range m {
			seen[of(k)] = true
		}
		return sortedKeys(seen)
	}
	show := func(ns []string) string {
		if len(ns) == 0 {
			return "no runs" // (a runs.csv of its header line alone)
		}
		if len(ns) > 6 {
			ns = append(ns[:6:6], fmt.Sprintf("and %d more", len(ns)-6))
		}
		return strings.Join(ns, ", ")
	}
	for _, of := range []func(GroupKey) string{
		func(k GroupKey) string { return k.Experiment },
		func(k GroupKey) string { return k.Experiment + "/" + k.Workload },
	} {
		if o, n := names(om, of), names(nm, of); !slices.Equal(o, n) {
			return fmt.Sprintf(" (OLD holds %s; NEW holds %s)", show(o), show(n))
		}
	}
	return ""
}

// algosOf returns the algorithms of each experiment of a side.
func algosOf(m map[GroupKey]*sideValues) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for k := range m {
		if out[k.Experiment] == nil {
			out[k.Experiment] = map[string]bool{}
		}
		out[k.Experiment][k.Algorithm] = true
	}
	return out
}

// onlyOn returns, as "experiment: algorithm" and sorted, the algorithms
// of a's experiments that b also holds but not the algorithm (under the
// name rename gives it on b's side).
func onlyOn(a, b map[string]map[string]bool, rename map[string]map[string]string) []string {
	var out []string
	for e, as := range a {
		if b[e] == nil {
			continue
		}
		for alg := range as {
			there := alg
			if n, ok := rename[e][alg]; ok {
				there = n
			}
			if !b[e][there] {
				out = append(out, e+": "+alg)
			}
		}
	}
	slices.Sort(out)
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// Notes are the comparison's caveats in words, for every renderer: the
// pairing, renamed algorithms, differing configurations, one-sided rows
// and repetitions, and too few pairs.
func (d *ResultDiff) Notes() []string {
	var out []string
	if d.Unpaired {
		out = append(out, fmt.Sprintf("%d rows compared as independent samples (Mann–Whitney U, Holm over the rows, α = %g); %d rows only in OLD, %d only in NEW",
			len(d.Rows), d.Alpha, d.RowsOnlyOld, d.RowsOnlyNew))
	} else {
		out = append(out, fmt.Sprintf("%d rows, %d pairs matched by workload, repetition and equal seed (paired Wilcoxon, Holm over the rows, α = %g); %d rows only in OLD, %d only in NEW",
			len(d.Rows), d.Pairs, d.Alpha, d.RowsOnlyOld, d.RowsOnlyNew))
	}
	for _, r := range d.Renamed {
		out = append(out, fmt.Sprintf("%s: paired %q (OLD) with %q (NEW): the only algorithm of each side without a match, same workloads, repetitions and seeds (its command changed)",
			r.Experiment, r.Old, r.New))
	}
	if len(d.AlgosOnlyOld)+len(d.AlgosOnlyNew) > 0 {
		none := func(xs []string) string {
			if len(xs) == 0 {
				return "none"
			}
			return strings.Join(xs, ", ")
		}
		out = append(out, fmt.Sprintf("not compared, run on one side only: in OLD %s; in NEW %s", none(d.AlgosOnlyOld), none(d.AlgosOnlyNew)))
	}
	for _, a := range d.AlteredOld {
		out = append(out, "OLD: "+a+": changed after gridbench wrote it, compared as it is now (gridbench verify names what changed)")
	}
	for _, a := range d.AlteredNew {
		out = append(out, "NEW: "+a+": changed after gridbench wrote it, compared as it is now (gridbench verify names what changed)")
	}
	for _, c := range d.ConfigDiffers {
		out = append(out, fmt.Sprintf("%s: configuration differs (config_hash %s in OLD, %s in NEW); runs paired where workload, repetition and seed match",
			c.Experiment, c.Old, c.New))
	}
	if d.RepsOnlyOld+d.RepsOnlyNew > 0 {
		var rows []string
		for _, r := range d.Rows {
			if r.OnlyOld+r.OnlyNew > 0 && len(rows) < 3 {
				rows = append(rows, fmt.Sprintf("%s/%s/%s/%s (%d only in OLD, %d only in NEW)", r.Key.Experiment, r.Key.Workload, r.Key.Algorithm, r.Key.Metric, r.OnlyOld, r.OnlyNew))
			}
		}
		out = append(out, fmt.Sprintf("repetitions on one side only, left out of the tests: %d in OLD, %d in NEW; e.g. %s",
			d.RepsOnlyOld, d.RepsOnlyNew, strings.Join(rows, ", ")))
	}
	if most, needed, ok := d.SmallN(); ok {
		out = append(out, fmt.Sprintf("with at most %d pairs a row's p-value is at least %.3g, so no change can be significant at α = %g; run more repetitions (at least %d)",
			most, 2/math.Exp2(float64(most)), d.Alpha, needed))
	}
	return out
}

// sameValues reports whether a and b hold the same values in the same
// order, a NaN the same as a NaN (a metric a run could not compute).
func sameValues(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) })
}
