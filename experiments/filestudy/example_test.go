package filestudy_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/pipeline"
	"github.com/gridbench/gridbench/spaceshared"
)

// lifo starts the most recent arrivals first: a scheduler of a
// researcher's own module, registered like a built-in.
type lifo struct{ spaceshared.IgnoreEvents }

func (lifo) Schedule(s *spaceshared.State) {
	q := s.Queue()
	for i := len(q) - 1; i >= 0; i-- {
		j := q[i]
		for m := range s.Platform().Machines {
			if s.Fits(j, m) {
				s.Start(j, m)
				break
			}
		}
	}
}

// Example runs a study file naming a scheduler registered from outside
// gridbench, through pipeline.RunStudy, using public packages only: what a
// researcher's own main does.
func Example() {
	spaceshared.Register("lifo", spaceshared.Info{Label: "LIFO", New: func(rand.Source) spaceshared.Scheduler { return lifo{} }})
	dir, _ := os.MkdirTemp("", "study")
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "mine.toml")
	os.WriteFile(file, []byte(`
name = "mine"
algorithms = ["lifo", "fcfs"]
metrics = ["wait", "delayed_pct"]

[[workload]]
kind = "deadline"
mean_inter_arrival = 2
jobs = 50
machines = 5
`), 0o644)
	out, err := pipeline.RunStudy(context.Background(), file, pipeline.Options{Config: experiments.Config{Reps: 2}, Out: dir, Report: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out.Name, len(out.Result.Records), "records:", out.Report.Headline)
	// Output: mine 8 records: 1 workload × 2 algorithms
}
