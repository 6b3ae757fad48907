package analysis

import (
	"math"
	"strings"
	"testing"
)

// An infinite metric (run_max = 1e308 once wrote one) never reaches
// runs.csv; the error names the run and the metric.
func TestWriterRefusesInfinity(t *testing.T) {
	for _, v := range []float64{math.Inf(1), math.Inf(-1)} {
		var b strings.Builder
		r := Record{Experiment: "s", Workload: "w", Algorithm: "fcfs", Rep: 3, Metric: "wait", Value: v}
		err := WriteCSV(&b, []Record{{Experiment: "s", Workload: "w", Algorithm: "fcfs", Rep: 2, Metric: "wait", Value: 1}, r})
		if err == nil || !strings.Contains(err.Error(), "run s/w/fcfs/3: metric wait is") {
			t.Errorf("%v: err = %v", v, err)
		}
		if strings.Contains(b.String(), "Inf") {
			t.Errorf("%v written: %q", v, b.String())
		}
	}
	var b strings.Builder
	if err := WriteCSV(&b, []Record{{Experiment: "s", Metric: "objective", Value: math.NaN()}}); err != nil {
		t.Errorf("NaN (undefined for the run): %v", err)
	}
}
