package etc_test

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/gridbench/gridbench/generators/etc"
)

// Generate a fresh instance of each Braun class. The seed of instance k of
// a class comes from etc.NewSource, so it depends only on the class and k.
func ExampleGenerate() {
	for _, spec := range etc.Types()[:2] {
		m, err := etc.Generate(spec, etc.NewSource(spec, 0))
		if err != nil {
			panic(err)
		}
		sorted := true
		for i := 0; i < m.Jobs; i++ {
			sorted = sorted && slices.IsSorted(m.Row(i))
		}
		fmt.Printf("%s: %dx%d, machine 0 fastest for every job: %v\n", spec.Name(), m.Jobs, m.Machines, sorted)
	}

	// A CVB instance: low task, high machine heterogeneity, inconsistent.
	spec := etc.Spec{Jobs: 4, Machines: 3, Method: etc.CVB, TaskHet: etc.Lo, MachHet: etc.Hi, Consistency: etc.Inconsistent}
	m, err := etc.Generate(spec, rand.NewPCG(1, 2))
	if err != nil {
		panic(err)
	}
	fmt.Println(spec.Name(), len(m.ETC))
	// Output:
	// u_c_hihi: 512x16, machine 0 fastest for every job: true
	// u_c_hilo: 512x16, machine 0 fastest for every job: true
	// g_i_lohi 12
}
