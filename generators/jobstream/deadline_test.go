package jobstream

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestDeterministicBySeed(t *testing.T) {
	a, err := Generate(Default(3), 42)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(Default(3), 42)
	c, _ := Generate(Default(3), 43)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed, different instances")
	}
	if reflect.DeepEqual(a.Jobs, c.Jobs) || reflect.DeepEqual(a.Platform, c.Platform) {
		t.Fatal("different seeds, same instance")
	}
}

func TestDistributions(t *testing.T) {
	s := Default(2)
	s.Jobs = 20000
	inst, err := Generate(s, 1)
	if err != nil {
		t.Fatal(err)
	}
	var deadlines int
	var sumGap float64
	for i, j := range inst.Jobs {
		if j.Run < s.RunMin || j.Run >= s.RunMax || j.CPUs < 1 || j.CPUs > s.JobCPUsMax {
			t.Fatalf("job %d out of range: %+v", i, j)
		}
		if j.HasDeadline {
			deadlines++
			slack := (j.Deadline - j.Submit) / j.Run
			if slack < s.SlackMin || slack >= s.SlackMax {
				t.Fatalf("job %d slack %g", i, slack)
			}
		}
		if i > 0 {
			gap := j.Submit - inst.Jobs[i-1].Submit
			if gap < 0 {
				t.Fatalf("arrivals out of order at %d", i)
			}
			sumGap += gap
		}
	}
	share := float64(deadlines) / float64(len(inst.Jobs))
	if math.Abs(share-0.7) > 0.02 {
		t.Errorf("deadline share %.3f, want 0.7", share)
	}
	if mean := sumGap / float64(len(inst.Jobs)-1); math.Abs(mean-2) > 0.1 {
		t.Errorf("mean inter-arrival %.3f, want 2", mean)
	}
	for _, m := range inst.Platform.Machines {
		if m.CPUs < 1 || m.CPUs > 16 || m.Speed < 200 || m.Speed >= 600 {
			t.Fatalf("machine out of range: %+v", m)
		}
	}
}

func TestOfferedLoad(t *testing.T) {
	// The SPEC chose the reference speed so that the 5 s stream is just
	// below saturation and the 1 s stream far above it.
	if got := ExpectedOfferedLoad(Default(5)); math.Abs(got-0.926) > 0.01 {
		t.Errorf("expected offered load at 5 s = %.3f", got)
	}
	if got := ExpectedOfferedLoad(Default(1)); math.Abs(got-4.63) > 0.05 {
		t.Errorf("expected offered load at 1 s = %.3f", got)
	}
	var sum float64
	for seed := uint64(0); seed < 20; seed++ {
		inst, _ := Generate(Default(5), seed)
		sum += OfferedLoad(inst)
	}
	if mean := sum / 20; math.Abs(mean-ExpectedOfferedLoad(Default(5))) > 0.08 {
		t.Errorf("mean realised offered load %.3f far from the expectation", mean)
	}
}

func TestValidate(t *testing.T) {
	s := Default(1)
	s.MeanInterArrival = 0
	if _, err := Generate(s, 1); err == nil {
		t.Error("zero inter-arrival accepted")
	}
	s = Default(1)
	s.DeadlineShare = 1.5
	if _, err := Generate(s, 1); err == nil {
		t.Error("share 1.5 accepted")
	}
}

// A run time of 1e308 wrote +Inf and NaN into runs.csv; every count and
// value of a stream has a bound, and the error names it.
func TestValidateLimits(t *testing.T) {
	for _, tc := range []struct {
		edit func(*Spec)
		want string
	}{
		{func(s *Spec) { s.RunMax = 1e308 }, "<= 4e+09 s"},
		{func(s *Spec) { s.Jobs = math.MaxInt / 2 }, fmt.Sprint("Jobs ", math.MaxInt/2, ": need 0 to 10000000")},
		{func(s *Spec) { s.Machines = 1e9 }, "Machines 1000000000: need 1 to 1000000"},
		{func(s *Spec) { s.MachineCPUsMax = 1e7 }, "MachineCPUsMax"},
		{func(s *Spec) { s.JobCPUsMax = 1e7 }, "JobCPUsMax"},
		{func(s *Spec) { s.MachineCPUsMax = 4 }, "JobCPUsMax 8 > MachineCPUsMax 4"},
		{func(s *Spec) { s.SpeedMax = math.Inf(1) }, "speeds"},
		{func(s *Spec) { s.RefSpeed = 1e300 }, "RefSpeed"},
		{func(s *Spec) { s.MeanInterArrival = 1e300 }, "MeanInterArrival"},
		{func(s *Spec) { s.SlackMax = 1e300 }, "slack"},
	} {
		s := Default(2)
		tc.edit(&s)
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v", tc.want, err)
		}
	}
}
