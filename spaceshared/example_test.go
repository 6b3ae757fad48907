package spaceshared_test

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/gridbench/gridbench/spaceshared"
)

// sjf starts the waiting job with the shortest estimate first, as long as
// it fits: the whole of a scheduler written in a researcher's own module.
type sjf struct{ spaceshared.IgnoreEvents }

func (sjf) Schedule(s *spaceshared.State) {
	waiting := slices.Clone(s.Queue())
	slices.SortStableFunc(waiting, func(a, b int) int {
		return cmp.Compare(s.Job(a).Est(), s.Job(b).Est())
	})
	for _, j := range waiting {
		if !s.Fits(j, 0) {
			return
		}
		s.Start(j, 0)
	}
}

func init() {
	spaceshared.Register("sjf", spaceshared.Info{
		Label: "SJF", Family: "queue-based",
		New: func(rand.Source) spaceshared.Scheduler { return sjf{} },
	})
}

func Example() {
	// Once registered, "sjf" goes wherever a built-in goes in this
	// program: New, Names, a study file's algorithms when the program
	// runs it with pipeline.RunStudy. The gridbench command is another
	// program: its simulate --algo knows the built-ins and exec: only.
	fmt.Println(spaceshared.Names())

	jobs := []spaceshared.Job{
		{ID: 1, Submit: 0, Run: 10, CPUs: 2},
		{ID: 2, Submit: 1, Run: 8, CPUs: 2},
		{ID: 3, Submit: 2, Run: 1, CPUs: 2},
	}
	for _, algo := range []string{"fcfs", "sjf"} {
		s, err := spaceshared.New(algo, rand.NewPCG(1, 2))
		if err != nil {
			panic(err)
		}
		recs, err := spaceshared.Simulate(spaceshared.SingleMachine(2), jobs, s)
		if err != nil {
			panic(err)
		}
		fmt.Print(algo, ":")
		for i, r := range recs {
			fmt.Printf(" job %d at %g", jobs[i].ID, r.Start)
		}
		fmt.Println()
	}
	// Output:
	// [cons easy easy-f1 easy-f2 easy-f3 easy-f4 easy-ljf easy-saf easy-sjbf easy-sjf easy-unicep easy-wfp3 easypp-avg2-doubling easypp-avg2-reqtime easypp-avg2-tsafrir easypp-clairvoyant easypp-clairvoyant-doubling easypp-clairvoyant-reqtime easypp-clairvoyant-tsafrir easypp-double easypp-double-doubling easypp-double-reqtime easypp-double-tsafrir easypp-doubling easypp-reqtime easypp-reqtime-doubling easypp-reqtime-reqtime easypp-reqtime-tsafrir easypp-sgd-doubling easypp-sgd-reqtime easypp-sgd-tsafrir easypred-avg2-doubling easypred-avg2-reqtime easypred-avg2-tsafrir easypred-clairvoyant easypred-clairvoyant-doubling easypred-clairvoyant-reqtime easypred-clairvoyant-tsafrir easypred-double easypred-double-doubling easypred-double-reqtime easypred-double-tsafrir easypred-reqtime easypred-reqtime-doubling easypred-reqtime-reqtime easypred-reqtime-tsafrir easypred-sgd-doubling easypred-sgd-reqtime easypred-sgd-tsafrir egedf fcfs flex sjf tabu]
	// fcfs: job 1 at 0 job 2 at 10 job 3 at 18
	// sjf: job 1 at 0 job 2 at 11 job 3 at 10
}
