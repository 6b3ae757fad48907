package mapping_test

import (
	"testing"

	published "github.com/gridbench/gridbench/experiments/immediate"
)

// publishedData gathers the tables of experiments/immediate/published.go,
// which the experiment's report uses too: one copy of the 240 numbers.
type publishedData struct {
	PublishedInstances, PublishedHeuristics, PublishedMetrics []string
	Published                                                 map[string]map[string]published.PublishedValues
	Misprints                                                 []published.Misprint
}

func readPublished(t *testing.T) *publishedData {
	t.Helper()
	d := &publishedData{
		PublishedInstances:  published.PublishedInstances,
		PublishedHeuristics: published.PublishedHeuristics,
		PublishedMetrics:    published.PublishedMetrics,
		Published:           published.Published,
		Misprints:           published.Misprints,
	}
	n := 0
	for _, row := range d.Published {
		n += 4 * len(row)
	}
	if n != 240 || len(d.PublishedInstances) != 12 || len(d.PublishedHeuristics) != 5 || len(d.PublishedMetrics) != 4 {
		t.Fatalf("published.go holds %d cells, %d instances, %d heuristics, %d metrics; want 240, 12, 5, 4",
			n, len(d.PublishedInstances), len(d.PublishedHeuristics), len(d.PublishedMetrics))
	}
	return d
}
