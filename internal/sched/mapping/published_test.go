package mapping_test

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sched/mapping"
)

// trunc3 formats v truncated (not rounded) to three decimals, as the
// paper prints its tables.
func trunc3(v float64) string {
	s := strconv.FormatFloat(v, 'f', 9, 64)
	return s[:strings.IndexByte(s, '.')+4]
}

func published3(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }

var pub *publishedData

func loadPublished(t *testing.T) map[string]*etc.Matrix {
	t.Helper()
	if pub == nil {
		pub = readPublished(t)
	}
	out := map[string]*etc.Matrix{}
	for _, name := range pub.PublishedInstances {
		p := datadir.ForTest(t, filepath.ToSlash(filepath.Join("braun-hcsp-512x16", name)))
		m, err := etc.ReadFile(p, etc.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out[name] = m
	}
	return out
}

type evalFunc func(*etc.Matrix, *mapping.Schedule) mapping.Metrics

func metricValue(x mapping.Metrics, metric string) float64 {
	switch metric {
	case "makespan":
		return x.Makespan
	case "flowtime":
		return x.Flowtime
	case "utilization":
		return x.Utilization
	case "proximity":
		return x.Proximity
	}
	panic("unknown metric " + metric)
}

// countMatches runs h on every instance and counts the published cells of
// column col (for the given metrics) that eval reproduces.
func countMatches(mats map[string]*etc.Matrix, h mapping.Heuristic, col string, eval evalFunc, metrics ...string) (n int, misses []string) {
	if len(metrics) == 0 {
		metrics = pub.PublishedMetrics
	}
	for _, inst := range pub.PublishedInstances {
		m := mats[inst]
		got := eval(m, h.Assign(m, nil))
		want := pub.Published[inst][col]
		for _, metric := range metrics {
			w, _ := want.Get(metric)
			g := metricValue(got, metric)
			if trunc3(g) == published3(w) {
				n++
			} else {
				misses = append(misses, fmt.Sprintf("%s/%s/%s: ours %s, published %s", inst, col, metric, trunc3(g), published3(w)))
			}
		}
	}
	return n, misses
}

func TestPublishedTables(t *testing.T) {
	mats := loadPublished(t)
	total := 0
	var misses []string
	for _, col := range pub.PublishedHeuristics {
		h, err := mapping.New(col, mapping.DefaultParams)
		if err != nil {
			t.Fatal(err)
		}
		n, miss := countMatches(mats, h, col, mapping.Evaluate)
		total += n
		misses = append(misses, miss...)
	}
	t.Logf("matched %d of 240 published cells", total)
	for _, m := range misses {
		t.Logf("unmatched: %s", m)
	}
	if total < 238 {
		t.Errorf("matched %d of 240 cells, want at least 238", total)
	}
	// Every cell that does not match must be an explained misprint, with
	// our value as recorded there.
	var want []string
	for _, mp := range pub.Misprints {
		w, _ := pub.Published[mp.Instance][mp.Heuristic].Get(mp.Metric)
		want = append(want, fmt.Sprintf("%s/%s/%s: ours %s, published %s", mp.Instance, mp.Heuristic, mp.Metric, published3(mp.Ours), published3(w)))
	}
	if !reflect.DeepEqual(misses, want) {
		t.Errorf("unmatched cells\n%s\nwant exactly the misprints\n%s", strings.Join(misses, "\n"), strings.Join(want, "\n"))
	}
}

// TestInterpretationEvidence recomputes ReadingCounts: the numbers quoted
// in Interpretations must be what the data give.
func TestInterpretationEvidence(t *testing.T) {
	mats := loadPublished(t)
	type H = mapping.Heuristic
	count := func(h H, col string, eval evalFunc, metrics ...string) int {
		n, _ := countMatches(mats, h, col, eval, metrics...)
		return n
	}
	ev := mapping.Evaluate
	with := func(f func(*etc.Matrix, *mapping.Schedule) mapping.Metrics, metric string) evalFunc {
		// Replace one metric of Evaluate by its literal counterpart.
		return func(m *etc.Matrix, s *mapping.Schedule) mapping.Metrics {
			x, lit := mapping.Evaluate(m, s), f(m, s)
			switch metric {
			case "flowtime":
				x.Flowtime = lit.Flowtime
			case "utilization":
				x.Utilization = lit.Utilization
			case "proximity":
				x.Proximity = lit.Proximity
			}
			return x
		}
	}
	sumCols := func(eval evalFunc, metric string) int {
		n := 0
		for _, col := range pub.PublishedHeuristics {
			h, _ := mapping.New(col, mapping.DefaultParams)
			n += count(h, col, eval, metric)
		}
		return n
	}
	sa := mapping.SA{Low: 0.6, High: 0.9}
	saIdle, saReady := sa, sa
	saIdle.Variant = mapping.SAIdleIsBalanced
	saReady.Variant = mapping.SAReadyOnly
	got := map[string]map[string]int{
		"kpb-candidates": {
			"best-floor(3)":  count(mapping.KPB{K: 20, Variant: mapping.KPBBestFloor}, "kPB", ev),
			"best-ceil(4)":   count(mapping.KPB{K: 20, Variant: mapping.KPBBestCeil}, "kPB", ev),
			"drop-worst(13)": count(mapping.KPB{K: 20}, "kPB", ev),
		},
		"flowtime-order": {
			"assignment-order": sumCols(with(mapping.EvaluateLiteral, "flowtime"), "flowtime"),
			"shortest-first":   sumCols(ev, "flowtime"),
		},
		"utilization-machines": {
			"all-machines":  sumCols(with(mapping.EvaluateLiteral, "utilization"), "utilization"),
			"used-machines": sumCols(ev, "utilization"),
		},
		"proximity-direction": {
			"eq4-as-printed": sumCols(with(mapping.EvaluateLiteral, "proximity"), "proximity"),
			"met-over-ours":  sumCols(ev, "proximity"),
		},
		"sa-load": {
			"ready-times-only": count(saReady, "SA", ev),
			"completion-times": count(sa, "SA", ev),
		},
		"sa-idle": {
			"idle-is-0": count(sa, "SA", ev),
			"idle-is-1": count(saIdle, "SA", ev),
		},
		"olb-ties": {
			"highest-index":   count(mapping.OLB{Variant: mapping.OLBHighestIndex}, "OLB", ev),
			"fastest-idle":    count(mapping.OLB{Variant: mapping.OLBFastestIdle}, "OLB", ev),
			"earliest-finish": count(mapping.OLB{Variant: mapping.OLBEarliestFinish}, "OLB", ev),
			"lowest-index":    count(mapping.OLB{}, "OLB", ev),
		},
	}
	if !reflect.DeepEqual(got, mapping.ReadingCounts) {
		t.Errorf("ReadingCounts drifted:\n got %v\nwant %v", got, mapping.ReadingCounts)
	}
	ids := map[string]bool{}
	for _, in := range mapping.Interpretations() {
		ids[in.ID] = true
		if _, ok := mapping.ReadingCounts[in.ID]; !ok || in.Paper == "" || in.Ours == "" || in.Evidence == "" {
			t.Errorf("interpretation %q incomplete or without counts", in.ID)
		}
	}
	if len(ids) != len(mapping.ReadingCounts) {
		t.Errorf("%d interpretations for %d count sets", len(ids), len(mapping.ReadingCounts))
	}
}

// TestKPBCandidateScan: of all candidate-set sizes, only 13 of 16
// reproduces the whole kPB column of Tables 3–6.
func TestKPBCandidateScan(t *testing.T) {
	if testing.Short() {
		t.Skip("runs kPB 16×12 times")
	}
	mats := loadPublished(t)
	var full []int
	for n := 1; n <= 16; n++ {
		h := mapping.KPB{K: float64(n) * 100 / 16, Variant: mapping.KPBBestFloor}
		if h.Candidates(16) != n {
			t.Fatalf("K=%v gives %d candidates, want %d", h.K, h.Candidates(16), n)
		}
		if c, _ := countMatches(mats, h, "kPB", mapping.Evaluate); c == 48 {
			full = append(full, n)
		}
	}
	if !reflect.DeepEqual(full, []int{13}) {
		t.Fatalf("candidate counts reproducing all 48 kPB cells: %v, want [13]", full)
	}
}
