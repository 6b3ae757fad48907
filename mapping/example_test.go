package mapping_test

import (
	"fmt"

	"github.com/gridbench/gridbench/mapping"
)

// cyclic puts job j on machine j mod M, whatever the ETC says.
type cyclic struct{}

func (cyclic) Name() string { return "cyclic" }

func (cyclic) Assign(m *mapping.Matrix, ready []float64) *mapping.Schedule {
	s := mapping.NewSchedule("cyclic", m, ready)
	for j := 0; j < m.Jobs; j++ {
		s.Place(m, j, j%m.Machines)
	}
	return s
}

func init() {
	mapping.Register("cyclic", mapping.Info{Label: "Cyclic", Family: "immediate",
		New: func(mapping.Params) mapping.Heuristic { return cyclic{} }})
}

func Example() {
	// Four jobs, two machines; machine 1 is twice as slow. MCT puts jobs
	// 0–2 on machine 0 (ends 1, 3, 6) and job 3 on machine 1 (ends 8);
	// cyclic puts jobs 1 and 3 on the slow machine (2 + 8 = 12).
	m := mapping.NewMatrix(4, 2)
	for j := range 4 {
		m.Set(j, 0, float64(j+1))
		m.Set(j, 1, 2*float64(j+1))
	}
	for _, name := range []string{"MCT", "cyclic"} {
		h, err := mapping.New(name, mapping.DefaultParams)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: makespan %g\n", name, mapping.Evaluate(m, h.Assign(m, nil)).Makespan)
	}
	// Output:
	// MCT: makespan 8
	// cyclic: makespan 12
}
