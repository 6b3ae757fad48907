package bench_test

import (
	"fmt"
	"testing"

	"github.com/gridbench/gridbench/generators/etc"
	"github.com/gridbench/gridbench/internal/sched/mapping"
)

// BenchmarkImmediate measures one mapping by each heuristic on inconsistent
// instances of the three sizes of the HCSP collection.
func BenchmarkImmediate(b *testing.B) {
	for _, size := range [][2]int{{512, 16}, {1024, 32}, {2048, 64}} {
		spec := etc.Spec{Jobs: size[0], Machines: size[1], Method: etc.RangeBased, TaskHet: etc.Hi, MachHet: etc.Hi, Consistency: etc.Inconsistent}
		m, err := etc.Generate(spec, etc.NewSource(spec, 1))
		if err != nil {
			b.Fatal(err)
		}
		for _, name := range mapping.Names() {
			h, _ := mapping.New(name, mapping.DefaultParams)
			b.Run(fmt.Sprintf("algo=%s/jobs=%d/machines=%d", name, size[0], size[1]), func(b *testing.B) {
				for b.Loop() {
					h.Assign(m, nil)
				}
			})
		}
	}
}
