package roundrobin

import (
	"math"
	"slices"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/timeshared"
)

// numbers are the page's statistics beyond the per-group summaries of
// runs.csv, computed before the page is laid out: the sections only read
// them.
type numbers struct {
	// loads is each workload's offered load per CPU over its windows.
	loads map[string]loadStat
	// makespanDiff is each workload's largest relative difference of
	// makespan between two algorithms in one window.
	makespanDiff map[string]float64
	// variants are the claims' verdicts with each APDRR variant in APDRR's
	// place, per family (in r.fams' order); "apdrr" is APDRR as published.
	variants map[string][][]*Verdict
	// ratios are geometric means over workloads of mean(a)/mean(b) on a
	// metric, keyed {a, b, metric}.
	ratios map[[3]string]float64
	// completion are Figure 8's verdicts per family under both readings of
	// total completion time: [0] as used, [1] read as the makespan.
	completion [2][][]*Verdict
	// sweepHeld are the APDRR-best claims held on each sweep workload,
	// [0] with APDRR as published, [1] with admission within a cycle.
	sweepHeld map[string][2][]string
	// sweepOwn is the mean offered load per CPU of the sweep size's own
	// windows, per P.
	sweepOwn map[int]float64
	// Figure 2: mean and largest count per window, the strongest
	// sub-daily bin.
	meanCount float64
	peakCount int
	subDaily  trace.SpectrumPoint
	hasSub    bool
}

// loadStat is a workload's offered load per CPU: the prefix window's and
// the mean, least and largest over its windows.
type loadStat struct{ prefix, mean, lo, hi float64 }

// compute fills r.num from the records, the windows and the verdicts.
func (r *reporter) compute() {
	n := numbers{loads: map[string]loadStat{}, makespanDiff: map[string]float64{}, variants: map[string][][]*Verdict{},
		ratios: map[[3]string]float64{}, sweepHeld: map[string][2][]string{}, sweepOwn: map[int]float64{}}
	for _, w := range r.ws {
		if ws := r.windows[w.Size]; len(ws) > 0 {
			sum, lo, hi := 0.0, math.Inf(1), math.Inf(-1)
			for _, x := range ws {
				l := x.load(w.Slaves)
				sum += l
				lo, hi = math.Min(lo, l), math.Max(hi, l)
			}
			n.loads[w.ID] = loadStat{ws[0].load(w.Slaves), sum / float64(len(ws)), lo, hi}
		}
		worst := 0.0
		base := r.st[analysis.GroupKey{Workload: w.ID, Algorithm: r.algos[0], Metric: timeshared.MMakespan}]
		for _, a := range r.algos[1:] {
			other := r.st[analysis.GroupKey{Workload: w.ID, Algorithm: a, Metric: timeshared.MMakespan}]
			for rep, v := range base {
				if u, ok := other[rep]; ok && v != 0 {
					worst = math.Max(worst, math.Abs(u-v)/math.Abs(v))
				}
			}
		}
		n.makespanDiff[w.ID] = worst
	}

	for _, name := range append([]string{"apdrr"}, variantNamesRun(r.variantsRun())...) {
		for _, fr := range r.fams {
			vs := fr.verdicts
			if name != "apdrr" {
				vs = Evaluate(analysis.Substitute(r.recs, name, "apdrr"), fr.ws)
			}
			n.variants[name] = append(n.variants[name], vs)
		}
		for _, ref := range [][2]string{{timeshared.MTurnaround, "rr"}, {timeshared.MTurnaround, "spn"}, {timeshared.MStretch, "spn"}} {
			n.ratios[[3]string{name, ref[1], ref[0]}] = r.meanRatio(name, ref[1], ref[0])
		}
	}

	for k, recs := range [][]analysis.Record{r.recs, analysis.SubstituteMetric(r.recs, timeshared.MMakespan, timeshared.MCompletion)} {
		for _, fr := range r.fams {
			n.completion[k] = append(n.completion[k], Evaluate(recs, fr.ws))
		}
	}

	if sw := r.cfg.Sweep; len(sw.Loads) > 0 {
		admit := analysis.Substitute(r.recs, "apdrr-admit", "apdrr")
		for _, p := range sw.Slaves {
			var ids []string
			for _, l := range sw.Loads {
				ids = append(ids, SweepWorkloadID(sw.Size, p, l))
			}
			if w := WorkloadID(sw.Size, p); slices.ContainsFunc(r.ws, func(x Workload) bool { return x.ID == w }) {
				ids = append(ids, w)
			}
			for _, id := range ids {
				ws := []Workload{{ID: id, Size: sw.Size, Slaves: p}}
				var held [2][]string
				for k, recs := range [][]analysis.Record{r.recs, admit} {
					for _, v := range Evaluate(recs, ws) {
						if slices.Contains(sweepClaims, v.ID) && v.Held() {
							held[k] = append(held[k], v.ID)
						}
					}
				}
				n.sweepHeld[id] = held
			}
			own := math.NaN()
			if ws := r.windows[sw.Size]; len(ws) > 0 {
				sum := 0.0
				for _, x := range ws {
					sum += x.load(p)
				}
				own = sum / float64(len(ws))
			}
			n.sweepOwn[p] = own
		}
	}

	if f := r.fig2; f != nil && len(f.Windows.Counts) > 0 {
		for _, c := range f.Windows.Counts {
			n.meanCount += float64(c)
			n.peakCount = max(n.peakCount, c)
		}
		n.meanCount /= float64(len(f.Windows.Counts))
		n.subDaily, n.hasSub = trace.Peak(f.Spectrum, 2)
	}
	r.num = n
}

func variantNamesRun(vs []Variant) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Name
	}
	return out
}

// ratio is the geometric mean ratio compute found (NaN when it computed
// none).
func (r *reporter) ratio(a, b, metric string) float64 {
	if v, ok := r.num.ratios[[3]string{a, b, metric}]; ok {
		return v
	}
	return math.NaN()
}
