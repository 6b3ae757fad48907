package analysis

import (
	"math"
	"strings"
	"testing"
)

// A non-finite metric (run_max = 1e308 once wrote +Inf; federation
// wrote NaN for the objective of policies with none) never reaches
// runs.csv; the error names the run and the metric.
func TestWriterRefusesNonFinite(t *testing.T) {
	for _, v := range []float64{math.Inf(1), math.Inf(-1), math.NaN()} {
		var b strings.Builder
		r := Record{Experiment: "s", Workload: "w", Algorithm: "fcfs", Rep: 3, Metric: "wait", Value: v}
		err := WriteCSV(&b, []Record{{Experiment: "s", Workload: "w", Algorithm: "fcfs", Rep: 2, Metric: "wait", Value: 1}, r})
		if err == nil || !strings.Contains(err.Error(), "run s/w/fcfs/3: metric wait is") {
			t.Errorf("%v: err = %v", v, err)
		}
		if strings.Contains(b.String(), "Inf") || strings.Contains(b.String(), "NaN") {
			t.Errorf("%v written: %q", v, b.String())
		}
	}
}
