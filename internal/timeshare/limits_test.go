package timeshare

import (
	"math"
	"strings"
	"testing"
)

// A run time of 1e308 s never shrank by a quantum (float absorption) and
// hung RR; it is refused, naming the job and the limit.
func TestHugeRunTimeRefused(t *testing.T) {
	rr, err := New("rr", Params{})
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range []Job{{ID: 7, Run: 1e308}, {ID: 7, Submit: 1e300, Run: 1}, {ID: 7, Run: math.Inf(1)}, {ID: 7, Submit: -5e9, Run: 1},
		{ID: 7, Submit: math.NaN(), Run: 1}, {ID: 7, Run: math.NaN()}, {ID: 7, Submit: math.Inf(-1), Run: 1}} {
		_, err := Run([]Job{{ID: 1, Run: 10}, j}, 1, rr)
		if err == nil || !strings.Contains(err.Error(), "id 7") || !strings.Contains(err.Error(), "4e+09") {
			t.Errorf("job %+v: %v", j, err)
		}
	}
}

// A quantum of 1e-300 s hung RR and PLRR (no progress per slice); quanta
// outside [MinQuantum, MaxTime] are refused.
func TestQuantumRange(t *testing.T) {
	for _, q := range []float64{1e-300, 1e-4, -1, 5e9, math.NaN(), math.Inf(1)} {
		for _, algo := range []string{"rr", "plrr", "apdrr"} {
			p := Params{Quantum: q}
			if algo == "apdrr" {
				p = Params{APDRRQuantum: q}
			}
			if _, err := New(algo, p); err == nil {
				t.Errorf("%s quantum %v accepted", algo, q)
			}
		}
	}
	if _, err := New("rr", Params{Quantum: MinQuantum}); err != nil {
		t.Errorf("MinQuantum: %v", err)
	}
}

// At the limits together (the shortest quantum, the longest run times) a
// simulation still ends, and every job gets its whole run time.
func TestLimitsTogetherFinish(t *testing.T) {
	jobs := []Job{{ID: 1, Run: MaxTime}, {ID: 2, Submit: 1, Run: MaxTime}, {ID: 3, Submit: 2.5, Run: 1}}
	for _, algo := range []string{"rr", "plrr", "apdrr"} {
		s, err := New(algo, Params{Quantum: MinQuantum, APDRRQuantum: MinQuantum})
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(jobs, 1, s)
		if err != nil {
			t.Fatal(err)
		}
		if end := res.Outcomes[1].End; !(end >= 2*MaxTime) || end > 2*MaxTime+10 {
			t.Errorf("%s: last end %v, want about %g", algo, end, 2*MaxTime+1)
		}
	}
}

func TestSlavesRange(t *testing.T) {
	rr, _ := New("rr", Params{})
	for _, n := range []int{0, MaxSlaves + 1, 1e9} {
		if _, err := Run([]Job{{Run: 1}}, n, rr); err == nil || !strings.Contains(err.Error(), "1000000") {
			t.Errorf("%d slaves: %v", n, err)
		}
	}
}
