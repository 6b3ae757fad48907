package mapping

import (
	"testing"

	"github.com/gridbench/gridbench/etcmatrix"
	imapping "github.com/gridbench/gridbench/internal/sched/mapping"
)

// Two jobs, two machines; MET puts each on its fastest machine: job 0 on
// machine 0 (2), job 1 on machine 1 (3). Makespan 3, flowtime 5,
// utilisation (2+3)/(3·2), proximity 1 (MET is its own reference).
func TestMeasureByHand(t *testing.T) {
	m := etcmatrix.New(2, 2)
	m.Set(0, 0, 2)
	m.Set(0, 1, 7)
	m.Set(1, 0, 9)
	m.Set(1, 1, 3)
	h, err := imapping.New("MET", imapping.DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	v := Table.ValueMap(Measure(m, h))
	for name, want := range map[string]float64{MMakespan: 3, MFlowtime: 5, MUtilization: 5.0 / 6, MProximity: 1} {
		if d := v[name] - want; d > 1e-12 || d < -1e-12 {
			t.Errorf("%s = %v, want %v", name, v[name], want)
		}
	}
}
