package analysis

import (
	"slices"
	"testing"
)

type pair struct{ a, b float64 }

var table = MetricTable[pair]{
	{Metric: Metric{Name: "a", Better: HigherIsBetter}, Value: func(p pair) float64 { return p.a }},
	{Metric: Metric{Name: "b", Unit: "s"}, Value: func(p pair) float64 { return p.b }},
}

func TestTable(t *testing.T) {
	vals := table.Values(pair{1, 2})
	if len(vals) != 2 || vals[0].Name != "a" || vals[0].Value != 1 || vals[1].Name != "b" || vals[1].Value != 2 {
		t.Errorf("Values = %+v", vals)
	}
	if m := table.ValueMap(pair{3, 4}); m["a"] != 3 || m["b"] != 4 || len(m) != 2 {
		t.Errorf("ValueMap = %v", m)
	}
	if got := table.Without("a").Names(); !slices.Equal(got, []string{"b"}) {
		t.Errorf("Without(a).Names() = %v", got)
	}
	if len(table) != 2 {
		t.Error("Without changed the table")
	}
	if d, ok := table.Find("b"); !ok || d.Unit != "s" {
		t.Errorf("Find(b) = %+v, %v", d, ok)
	}
	if _, ok := table.Find("c"); ok {
		t.Error("Find(c) found a row")
	}
	if ms := table.Metrics(); len(ms) != 2 || ms[0].Better != HigherIsBetter {
		t.Errorf("Metrics = %+v", ms)
	}
}
