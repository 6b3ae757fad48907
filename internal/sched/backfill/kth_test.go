package backfill

import (
	"testing"

	"github.com/gridbench/gridbench/internal/adapt"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/internal/sim"
)

// TestKTHMatchesNaive runs the first 2000 jobs of KTH-SP2 (100 CPUs,
// requested times, so early ends, overruns and real users occur) through
// each scheduler and its naive twin.
func TestKTHMatchesNaive(t *testing.T) {
	path := datadir.ForTest(t, "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz")
	jobs, _, err := adapt.LoadSWF(path, 2000, 100, adapt.Requested)
	if err != nil {
		t.Fatal(err)
	}
	p := sim.SingleMachine(100)
	cases := []struct {
		name       string
		fast, slow sim.Scheduler
	}{
		{"cons", NewCONS(), &naiveCONS{}},
		{"easy-sjbf", &Order{Backfill: SJF}, &naiveOrder{backfill: SJF}},
		{"easy-wfp3", &Order{Queue: WFP3}, &naiveOrder{queue: WFP3}},
		{"easypp-reqtime", NewEASYPP(ReqTime), &naiveOrder{backfill: SJF, pp: true, corr: ReqTime}},
		{"easypp-doubling", NewEASYPP(Doubling), &naiveOrder{backfill: SJF, pp: true, corr: Doubling}},
		{"easypp-avg2-tsafrir", NewEASYPP(Tsafrir), &naiveOrder{backfill: SJF, pp: true, corr: Tsafrir}},
		{"easypred-avg2-tsafrir", NewPredicted(&Avg2{}, Tsafrir, false), &naiveOrder{pp: true, corr: Tsafrir}},
		{"easypred-double", NewPredicted(Double{}, NoCorrection, false), &naiveOrder{pp: true, model: "double", corr: NoCorrection}},
	}
	// the learned predictor's twin replays every fit at every arrival: 400 jobs
	sgd := []struct {
		name       string
		fast, slow sim.Scheduler
	}{{"easypp-sgd-reqtime", NewPredicted(NewSGD(DefaultSGD), ReqTime, true), &naiveOrder{backfill: SJF, pp: true, model: "sgd", sgd: DefaultSGD, corr: ReqTime}}}
	for _, c := range sgd {
		a, err := sim.Simulate(p, jobs[:400], c.fast)
		if err != nil {
			t.Fatal(err)
		}
		b, err := sim.Simulate(p, jobs[:400], c.slow)
		if err != nil {
			t.Fatal(err)
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s: job %d (ID %d): fast %+v, naive %+v", c.name, i, jobs[i].ID, a[i], b[i])
			}
		}
	}
	for _, c := range cases {
		a, err := sim.Simulate(p, jobs, c.fast)
		if err != nil {
			t.Fatal(err)
		}
		b, err := sim.Simulate(p, jobs, c.slow)
		if err != nil {
			t.Fatal(err)
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s: job %d (ID %d): fast %+v, naive %+v", c.name, i, jobs[i].ID, a[i], b[i])
			}
		}
	}
}
