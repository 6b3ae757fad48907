package families

import (
	"slices"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
)

// Row is one metric of a family: what it is and how to read it off the
// family's measurements M.
type Row[M any] struct {
	analysis.Metric
	Value func(M) float64
}

// Table is a family's metrics in the order runs.csv records them.
type Table[M any] []Row[M]

// Values returns m's metrics, one per row in table order, as runs.csv
// records them.
func (t Table[M]) Values(m M) []bench.Metric {
	out := make([]bench.Metric, len(t))
	for i, r := range t {
		out[i] = bench.Metric{Name: r.Name, Value: r.Value(m)}
	}
	return out
}

// ValueMap returns m's metrics by name.
func (t Table[M]) ValueMap(m M) map[string]float64 {
	out := make(map[string]float64, len(t))
	for _, r := range t {
		out[r.Name] = r.Value(m)
	}
	return out
}

// Names returns the metric names in table order.
func (t Table[M]) Names() []string {
	out := make([]string, len(t))
	for i, r := range t {
		out[i] = r.Name
	}
	return out
}

// Metrics returns the descriptors in table order.
func (t Table[M]) Metrics() []analysis.Metric {
	out := make([]analysis.Metric, len(t))
	for i, r := range t {
		out[i] = r.Metric
	}
	return out
}

// Find returns the descriptor of metric name.
func (t Table[M]) Find(name string) (analysis.Metric, bool) {
	return analysis.FindMetric(t.Metrics(), name)
}

// Without returns the table less the named rows.
func (t Table[M]) Without(names ...string) Table[M] {
	return slices.DeleteFunc(slices.Clone(t), func(r Row[M]) bool { return slices.Contains(names, r.Name) })
}
