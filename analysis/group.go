package analysis

import "math"

// Group is the summary of one metric of one algorithm on one workload
// across repetitions.
type Group struct {
	Experiment, Workload, Algorithm, Metric string
	Values                                  []float64 // in repetition order
	Reps                                    []int
	Summary
}

// GroupKey identifies a Group.
type GroupKey struct{ Experiment, Workload, Algorithm, Metric string }

// Groups collects records by (experiment, workload, algorithm, metric), in
// the order each group first appears — the plan order when recs come from
// the runner — and summarises each.
func Groups(recs []Record) []*Group {
	idx := map[GroupKey]*Group{}
	var out []*Group
	for _, r := range recs {
		k := GroupKey{r.Experiment, r.Workload, r.Algorithm, r.Metric}
		g, ok := idx[k]
		if !ok {
			g = &Group{Experiment: r.Experiment, Workload: r.Workload, Algorithm: r.Algorithm, Metric: r.Metric}
			idx[k] = g
			out = append(out, g)
		}
		g.Values = append(g.Values, r.Value)
		g.Reps = append(g.Reps, r.Rep)
	}
	for _, g := range out {
		g.Summary = Summarize(g.Values)
	}
	return out
}

// Workloads returns the distinct workloads of recs in the order each first
// appears (the plan order when recs come from the runner).
func Workloads(recs []Record) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range recs {
		if !seen[r.Workload] {
			seen[r.Workload] = true
			out = append(out, r.Workload)
		}
	}
	return out
}

// Index maps group keys to groups, for lookups by report builders.
func Index(gs []*Group) map[GroupKey]*Group {
	m := make(map[GroupKey]*Group, len(gs))
	for _, g := range gs {
		m[GroupKey{g.Experiment, g.Workload, g.Algorithm, g.Metric}] = g
	}
	return m
}

// Paired returns, for one workload and metric, a blocks × algorithms matrix
// of values matched by repetition (the same seed), keeping only repetitions
// every algorithm has. It is the input Friedman and the post-hoc tests take.
func Paired(recs []Record, workload, metric string, algorithms []string) (blocks [][]float64, reps []int) {
	byRep := map[int][]float64{}
	var order []int
	col := map[string]int{}
	for i, a := range algorithms {
		col[a] = i
	}
	seen := map[[2]int]bool{}
	for _, r := range recs {
		if r.Workload != workload || r.Metric != metric {
			continue
		}
		c, ok := col[r.Algorithm]
		if !ok {
			continue
		}
		row, ok := byRep[r.Rep]
		if !ok {
			row = make([]float64, len(algorithms))
			for i := range row {
				row[i] = math.NaN()
			}
			byRep[r.Rep] = row
			order = append(order, r.Rep)
		}
		row[c] = r.Value
		seen[[2]int{r.Rep, c}] = true
	}
	for _, rep := range order {
		complete := true
		for c := range algorithms {
			if !seen[[2]int{rep, c}] {
				complete = false
			}
		}
		if complete {
			blocks = append(blocks, byRep[rep])
			reps = append(reps, rep)
		}
	}
	return blocks, reps
}
