package pipeline

import (
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/report"
)

// summaryColumns are the columns of the Summary sheet and of each
// experiment's compared table.
var summaryColumns = []string{"experiment", "table", "workload", "algorithm", "metric", "published", "reproduced", "ratio", "match", "sample", "note"}

// addComparisons appends one row per comparison and marks, within each
// (table, workload, metric) group, the best reproduced value.
func addComparisons(t *report.Table, exp string, cs []experiments.Comparison) {
	type gk struct{ table, workload, metric string }
	best := map[gk]float64{}
	for _, c := range cs {
		k := gk{c.Table, c.Workload, c.Metric}
		b, ok := best[k]
		switch {
		case c.Better == "lower" && (!ok || c.Reproduced < b),
			c.Better == "higher" && (!ok || c.Reproduced > b):
			best[k] = c.Reproduced
		}
	}
	for _, c := range cs {
		rep := report.Num(c.Reproduced, -1)
		if b, ok := best[gk{c.Table, c.Workload, c.Metric}]; ok && b == c.Reproduced {
			rep.Best = true
		}
		match := report.Str("yes")
		if !c.Match {
			match = report.Str("no")
			match.Bad = true
		}
		ratio := c.Reproduced / c.Published
		sample := report.Str("validated")
		if c.InSample {
			sample = report.Str("fitted")
		}
		t.AddRow(report.Str(exp), report.Str(c.Table), report.Str(c.Workload), report.Str(c.Algorithm), report.Str(c.Metric),
			report.Num(c.Published, -1), rep, report.Num(ratio, -1), match, sample, report.Str(c.Note))
	}
}
