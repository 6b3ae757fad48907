package trace_test

import (
	"fmt"
	"log"

	"github.com/gridbench/gridbench/generators/trace"
)

func ExampleOpen() {
	r, err := trace.Open("testdata/auvergrid.gwf")
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()
	n := 0
	for r.Next() {
		if j := r.Job(); n == 0 {
			fmt.Printf("job %d: %s (user %d) ran %.0f s on %d CPU at %s\n", j.ID, j.UserName, j.User, j.Run, j.CPUs(), j.Site)
		}
		n++
	}
	if err := r.Err(); err != nil {
		log.Fatal(err)
	}
	fmt.Println(n, "jobs,", r.Format())
	// Output:
	// job 1: user_3 (user 1) ran 26256 s on 1 CPU at clrlcgce01
	// 30 jobs, GWF
}

func ExampleAutocorrelation() {
	acf := trace.Autocorrelation([]float64{1, 2, 3, 4, 5}, 2)
	fmt.Printf("%.2f\n", acf)
	// Output: [1.00 0.40 -0.10]
}
