package analysis

import "slices"

// A simulator family's metric table (package spaceshared's Table,
// timeshared's, mapping's, federated's) is a MetricTable: one MetricRow per
// metric, its descriptor (Metric: name, unit, direction, label,
// definition) beside the function that reads its value off the family's
// measurements. Adding a metric is adding one row.

// MetricRow is one metric of a family: what it is and how to read it off the
// family's measurements M.
type MetricRow[M any] struct {
	Metric
	Value func(M) float64
}

// MetricTable is a family's metrics in the order runs.csv records them.
type MetricTable[M any] []MetricRow[M]

// NamedValue is one named value a run measured (bench.Metric is this
// type): what a MetricTable reads off a family's measurements.
type NamedValue struct {
	Name  string
	Value float64
}

// Values returns m's metrics, one per row in table order, as runs.csv
// records them.
func (t MetricTable[M]) Values(m M) []NamedValue {
	out := make([]NamedValue, len(t))
	for i, r := range t {
		out[i] = NamedValue{Name: r.Name, Value: r.Value(m)}
	}
	return out
}

// ValueMap returns m's metrics by name.
func (t MetricTable[M]) ValueMap(m M) map[string]float64 {
	out := make(map[string]float64, len(t))
	for _, r := range t {
		out[r.Name] = r.Value(m)
	}
	return out
}

// Names returns the metric names in table order.
func (t MetricTable[M]) Names() []string {
	out := make([]string, len(t))
	for i, r := range t {
		out[i] = r.Name
	}
	return out
}

// Metrics returns the descriptors in table order.
func (t MetricTable[M]) Metrics() []Metric {
	out := make([]Metric, len(t))
	for i, r := range t {
		out[i] = r.Metric
	}
	return out
}

// Find returns the descriptor of metric name.
func (t MetricTable[M]) Find(name string) (Metric, bool) {
	return FindMetric(t.Metrics(), name)
}

// Without returns the table less the named rows.
func (t MetricTable[M]) Without(names ...string) MetricTable[M] {
	return slices.DeleteFunc(slices.Clone(t), func(r MetricRow[M]) bool { return slices.Contains(names, r.Name) })
}
