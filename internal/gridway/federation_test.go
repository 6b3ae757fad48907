package gridway

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// tiny is a hand-checkable federation: DSA 2 PEs at 1000 MIPS, LCG 1 PE at
// 500 MIPS, instantaneous transfers, 10 s cycles.
func tiny() Config {
	c := DefaultConfig()
	c.DSA = Testbed{Name: "DSA", Machines: []Machine{{"d", 2, 1000}}}
	c.LCG = Testbed{Name: "LCG", Machines: []Machine{{"l", 1, 500}}}
	c.LAN = Link{Bandwidth: 1, Latency: 0}
	c.WAN = Link{Bandwidth: 1, Latency: 0}
	c.InputBytes, c.OutputBytes = 0, 0
	c.SchedulingInterval, c.ObjectiveInterval = 10, 10
	c.JobMI = 10000
	c.MIPerTraceSecond = 1000
	c.Users = []User{{Submit: 5, Jobs: 4}}
	c.Check = true
	return c
}

// TestNormalByHand follows Normal on the tiny federation. t=10 (first
// cycle): two jobs to the two free DSA PEs, one to the free LCG PE, the
// fourth waits. DSA jobs take 10 s, the LCG one 20 s. The t=20 cycle runs
// before the DSA jobs end at 20 (it was scheduled first), finding nothing
// free; at t=30 the fourth job goes to DSA and ends at 40: makespan 35 s,
// 3 jobs on DSA, 1 on LCG.
func TestNormalByHand(t *testing.T) {
	res, _, err := Simulate(tiny(), nil, nil, "Normal")
	if err != nil {
		t.Fatal(err)
	}
	e := res.Exps[0]
	if got := e.Makespan(); got != 35 {
		t.Errorf("makespan %v, want 35", got)
	}
	if e.JobsOn(Internal) != 3 || e.JobsOn(External) != 1 {
		t.Errorf("jobs DSA/LCG %d/%d, want 3/1", e.JobsOn(Internal), e.JobsOn(External))
	}
	want := []float64{15, 15, 25, 35} // completion times since submission
	got := append(append([]float64(nil), e.Completed[Internal]...), e.Completed[External]...)
	if len(got) != 4 || got[0] != want[0] || got[1] != want[1] || got[2] != 35 || got[3] != 25 {
		t.Errorf("completions %v, want DSA 15 15 35 and LCG 25", got)
	}
	if p := e.At(10); p.Running[Internal] != 2 || p.Running[External] != 1 || p.Pending != 1 {
		t.Errorf("state at 10 s: %+v", p)
	}
}

// TestEveryPolicyMigrates: the suspension timeout is GridWay's, not the
// AS mechanism's (Section 5.1 describes it for Normal). A background job
// arriving at t=12 takes the single LCG PE that was free when the first
// cycle (t=10) sent a job there before the job reached it (the WAN's 5 s
// latency, then the LCG GridWay's cycle at t=20); that job waits in the
// GridGateWay or the LCG queue and is migrated back at t=35 under every
// policy (SO and SO-AS, bound to their static LCG share, send it there
// again until the background job ends).
func TestEveryPolicyMigrates(t *testing.T) {
	c := tiny()
	c.WAN.Latency = 5
	c.SuspensionTimeout = 25
	c.Users = []User{{Submit: 5, Jobs: 4}}
	bg := []BGJob{{Submit: 12, Run: 300}}
	for _, p := range Names {
		res, _, err := Simulate(c, bg, nil, p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		e := res.Exps[0]
		if e.Migrations == 0 {
			t.Errorf("%s: no migration", p)
		}
	}
}

// TestTimeoutMigrates blocks the single LCG PE with a background job of
// 300 s: jobs queued there in advance are cancelled after the suspension
// timeout (25 s) and rescheduled. DO-AS keeps half of what is unscheduled
// internal at every update and ends with everything on DSA; SO-AS holds on
// to its static 4/4 split, so its LCG half keeps migrating until the
// background job ends. None lost, none run twice (Check).
func TestTimeoutMigrates(t *testing.T) {
	c := tiny()
	c.SuspensionTimeout = 25
	c.Users = []User{{Submit: 5, Jobs: 8}}
	bg := []BGJob{{Submit: 0, Run: 300}}
	for _, tc := range []struct {
		p        string
		dsa, lcg int
	}{{"DO-AS", 8, 0}, {"SO-AS", 4, 4}} {
		res, _, err := Simulate(c, bg, nil, tc.p)
		if err != nil {
			t.Fatalf("%s: %v", tc.p, err)
		}
		e := res.Exps[0]
		if e.Migrations == 0 || e.JobsOn(Internal) != tc.dsa || e.JobsOn(External) != tc.lcg {
			t.Errorf("%s: %d migrations, %d/%d jobs DSA/LCG; want migrations and %d/%d", tc.p, e.Migrations, e.JobsOn(Internal), e.JobsOn(External), tc.dsa, tc.lcg)
		}
	}
}

// TestProperties runs every policy on random small federations with the
// invariant checks on: PEs never over-committed, counters equal to
// recounts, no job lost or started twice across migrations, every
// experiment ends with all its jobs done.
func TestProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alt := rand.New(rand.NewPCG(3, 4)) // its own stream: the instances stay those of rng
	n := 40
	if testing.Short() {
		n = 10
	}
	for it := 0; it < n; it++ {
		c := tiny()
		c.DSA.Machines = []Machine{{"a", 1 + rng.IntN(3), 500 + rng.Float64()*1000}, {"b", 1 + rng.IntN(2), 500 + rng.Float64()*1000}}
		c.LCG.Machines = []Machine{{"x", 1 + rng.IntN(6), 500 + rng.Float64()*1000}, {"y", 1 + rng.IntN(4), 300 + rng.Float64()*600}}
		c.InputBytes, c.OutputBytes = 1e6, 2e6
		c.LAN = Link{Bandwidth: 1e6 * (1 + rng.Float64()*10), Latency: rng.Float64()}
		c.WAN = Link{Bandwidth: 1e5 * (1 + rng.Float64()*10), Latency: rng.Float64() * 5}
		c.SuspensionTimeout = []float64{0, 20, 60, 300}[rng.IntN(4)]
		c.DispatchChunk = 1 + rng.IntN(5)
		c.MaxRunningResourceFactor = 1 + rng.IntN(3)
		c.MinInSamples, c.MinExSamples = 2, 2
		c.Users = nil
		for u := 0; u < 1+rng.IntN(3); u++ {
			c.Users = append(c.Users, User{Submit: 50 + float64(u)*100 + rng.Float64()*200, Jobs: 1 + rng.IntN(30)})
		}
		var bg []BGJob
		for k := 0; k < rng.IntN(200); k++ {
			bg = append(bg, BGJob{Submit: rng.Float64() * 2000, Run: rng.ExpFloat64() * 100})
		}
		SortBackground(bg)
		// Every reading keeps the invariants (c.Check) and finishes.
		c.Alt = []Alternatives{{}, {CountOnTime: true}, {GatewayPerJob: true}, {StageAtDispatch: true},
			{CapQueuedOnly: true}, {StaticAS: true}, {PublishedFree: true}}[alt.IntN(7)]
		for _, p := range Names {
			res, _, err := Simulate(c, bg, nil, p)
			if err != nil {
				t.Fatalf("instance %d, %s: %v", it, p, err)
			}
			for _, e := range res.Exps {
				if e.JobsOn(Internal)+e.JobsOn(External) != e.Jobs || math.IsNaN(e.Makespan()) {
					t.Fatalf("instance %d, %s, user %d: %d+%d of %d jobs done", it, p, e.User, e.JobsOn(Internal), e.JobsOn(External), e.Jobs)
				}
				last := e.States[len(e.States)-1]
				if last.Done[0]+last.Done[1] != e.Jobs || last.Pending != 0 {
					t.Fatalf("instance %d, %s: final state %+v", it, p, last)
				}
			}
		}
	}
}

// TestPrefixSharing checks that continuing from a cloned background prefix
// gives exactly the run simulated from time 0.
func TestPrefixSharing(t *testing.T) {
	c := tiny()
	c.Users = []User{{Submit: 500, Jobs: 20}, {Submit: 900, Jobs: 10}}
	rng := rand.New(rand.NewPCG(3, 4))
	var bg []BGJob
	for k := 0; k < 300; k++ {
		bg = append(bg, BGJob{Submit: rng.Float64() * 3000, Run: rng.ExpFloat64() * 50})
	}
	SortBackground(bg)
	pre, err := Prefix(c, bg, 400)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range Names {
		a, _, err := Simulate(c, bg, nil, p)
		if err != nil {
			t.Fatal(err)
		}
		b, _, err := Simulate(c, bg, pre, p)
		if err != nil {
			t.Fatal(err)
		}
		for u := range a.Exps {
			ea, eb := a.Exps[u], b.Exps[u]
			if ea.Makespan() != eb.Makespan() || ea.JobsOn(0) != eb.JobsOn(0) || len(ea.States) != len(eb.States) {
				t.Errorf("%s user %d: from 0 %v s %d DSA; from prefix %v s %d DSA", p, u, ea.Makespan(), ea.JobsOn(0), eb.Makespan(), eb.JobsOn(0))
			}
		}
	}
	if _, _, err := Simulate(c, bg, pre, "Normal"); err != nil {
		t.Errorf("prefix reused after runs: %v", err)
	}
	// A run's own links apply after the prefix; a different background does not.
	slow := c
	slow.WAN = Link{Bandwidth: 1e-3, Latency: 0, Shared: true}
	slow.InputBytes = 1
	a, _, err := Simulate(slow, bg, nil, "Normal")
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := Simulate(slow, bg, pre, "Normal")
	if err != nil {
		t.Fatal(err)
	}
	if a.Exps[0].Makespan() != b.Exps[0].Makespan() {
		t.Errorf("slow WAN from 0: %v s, from the prefix: %v s", a.Exps[0].Makespan(), b.Exps[0].Makespan())
	}
	other := c
	other.MIPerTraceSecond *= 2
	if _, _, err := Simulate(other, bg, pre, "Normal"); err == nil || !strings.Contains(err.Error(), "MI per trace second") {
		t.Errorf("run with another background scale than its prefix: err %v", err)
	}
	late := c
	late.Users = []User{{Submit: 100, Jobs: 1}}
	if _, _, err := Simulate(late, bg, pre, "Normal"); err == nil || !strings.Contains(err.Error(), "before the shared prefix") {
		t.Errorf("user before prefix end: err %v", err)
	}
}

// TestGatewayCycle follows the LCG GridWay's cycle by hand. LCG has 2
// PEs; the t=10 cycle sends 2 jobs to DSA and 2 to the 2 free LCG PEs. A
// background job (300 s) takes one of them at t=12, before the jobs reach
// the GridGateWay (WAN latency 5 s, at t=15). At the LCG GridWay's cycle
// at t=20 one PE is free: the cycle is open, and the model forwards both
// jobs (Algorithm 2 maps external jobs without a further test); they are
// staged at t=25, one starts, the other waits for it in the LCG queue
// (20 s each on 500 MIPS): outputs at 50 and 70, makespan 65 s. Testing
// before every job (GatewayPerJob) forwards one; the other waits in the
// GridGateWay until the cycle at t=50 finds the PE free again: staged at
// 55, output at 80, makespan 75 s.
func TestGatewayCycle(t *testing.T) {
	c := tiny()
	c.LCG.Machines = []Machine{{"l", 2, 500}}
	c.WAN.Latency = 5
	bg := []BGJob{{Submit: 12, Run: 300}}
	for _, tc := range []struct {
		perJob bool
		want   float64
	}{{false, 65}, {true, 75}} {
		c.Alt = Alternatives{GatewayPerJob: tc.perJob}
		res, _, err := Simulate(c, bg, nil, "Normal")
		if err != nil {
			t.Fatal(err)
		}
		e := res.Exps[0]
		if e.JobsOn(External) != 2 || e.Makespan() != tc.want {
			t.Errorf("per job %v: %d LCG jobs, makespan %v; want 2, %v", tc.perJob, e.JobsOn(External), e.Makespan(), tc.want)
		}
	}
}

// TestTrainStretched: with k = 1 the training is TrainObjectives'; with the
// external jobs completing twice as slowly Algorithm 1 gives internal more.
// Internal n(t) = t − 1 and external n(t) = 3t − 1 (completions at 2..5 and
// 2/3, 1, 4/3, …, 10 jobs): X = (10+2)/4 = 3, internal 3 − 1 = 2. Stretched
// by 2 the external line is 1.5t − 1: X = 12/2.5 = 4.8, internal 3.8 → 4.
func TestTrainStretched(t *testing.T) {
	var ex []float64
	for k := 1; k <= 6; k++ {
		ex = append(ex, float64(k+1)/3)
	}
	e := &Exp{Jobs: 10}
	e.Completed = [2][]float64{{2, 3, 4, 5}, ex}
	r := &Result{Exps: []*Exp{e}}
	if got := TrainStretched(r, []float64{1}); got[0] != TrainObjectives(r)[0] || got[0] != (Objective{2, 8}) {
		t.Errorf("k=1: %+v, TrainObjectives %+v; want {2 8}", got[0], TrainObjectives(r)[0])
	}
	if got := TrainStretched(r, []float64{2}); got[0] != (Objective{4, 6}) {
		t.Errorf("k=2: %+v, want {4 6}", got[0])
	}
	if e.Completed[External][0] != ex[0] {
		t.Error("TrainStretched changed the run")
	}
}

func TestFitAndObjective(t *testing.T) {
	// Completions at 2,3,4,5 s: n(t) = t - 1, so r_inf = 1, n_1/2 = 1.
	l, ok := FitLine([]float64{2, 3, 4, 5})
	if !ok || math.Abs(l.RInf-1) > 1e-12 || math.Abs(l.Intercept+1) > 1e-12 {
		t.Fatalf("FitLine = %+v, %v; want 1, -1", l, ok)
	}
	if _, ok := FitLine([]float64{3, 3, 3}); ok {
		t.Error("FitLine of equal times succeeded")
	}
	if _, ok := FitCountOnTime([]float64{3, 3, 3}); ok {
		t.Error("FitCountOnTime of equal times succeeded")
	}
	// Completions at 1, 2, 4 s, points (t, n) = (1,1), (2,2), (4,3). Hockney
	// and Jesshope's fit of time on count: t = 1.5n − 2/3, so r∞ = 2/3 and
	// n(t) = (2/3)t + 4/9. Count on time: n = (9/14)t + 1/2.
	ts := []float64{1, 2, 4}
	if l, ok := FitLine(ts); !ok || math.Abs(l.RInf-2.0/3) > 1e-12 || math.Abs(l.Intercept-4.0/9) > 1e-12 {
		t.Errorf("FitLine(1,2,4) = %+v, %v; want 2/3, 4/9", l, ok)
	}
	if l, ok := FitCountOnTime(ts); !ok || math.Abs(l.RInf-9.0/14) > 1e-12 || math.Abs(l.Intercept-0.5) > 1e-12 {
		t.Errorf("FitCountOnTime(1,2,4) = %+v, %v; want 9/14, 1/2", l, ok)
	}
	// Both lines t-1, 10 jobs: X = (10+2)/2 = 6, internal 6-1 = 5.
	o, ok := ComputeObjective(10, l, l)
	if !ok || o != (Objective{5, 5}) {
		t.Errorf("ComputeObjective = %+v, %v; want {5 5}", o, ok)
	}
	// Internal twice as fast (2t-1): X = 12/3 = 4, internal 2*4-1 = 7.
	o, _ = ComputeObjective(10, Line{2, -1}, l)
	if o != (Objective{7, 3}) {
		t.Errorf("faster internal: %+v, want {7 3}", o)
	}
	// Lines the algorithm rejects: falling internal, external with n_1/2 <= 0.
	if _, ok := ComputeObjective(10, Line{-1, -1}, l); ok {
		t.Error("negative internal rate accepted")
	}
	if _, ok := ComputeObjective(10, l, Line{1, 0}); ok {
		t.Error("external intercept 0 accepted")
	}
	if d := DefaultObjective(5); d != (Objective{3, 2}) {
		t.Errorf("DefaultObjective(5) = %+v", d)
	}
}

// TestRunFitAgainstRefit: the run's cached fit equals a fresh fit of the
// completions after every completion and every repeated call, for both
// readings of the fit.
func TestRunFitAgainstRefit(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, fit := range []func([]float64) (Line, bool){FitLine, FitCountOnTime} {
		e := &Exp{fit: fit}
		now := 0.0
		for range 300 {
			i := Infra(r.IntN(2))
			if r.IntN(3) > 0 {
				now += float64(r.IntN(3)) // equal times too
				e.Completed[i] = append(e.Completed[i], now)
			}
			for _, j := range []Infra{Internal, External} {
				got, gotOK := e.runFit(j)
				want, wantOK := fit(e.Completed[j])
				if got != want || gotOK != wantOK {
					t.Fatalf("%d completions on %d: runFit %+v %v, refit %+v %v", len(e.Completed[j]), j, got, gotOK, want, wantOK)
				}
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	if _, err := NewPolicy("FIFO", nil); err == nil || !strings.Contains(err.Error(), "DO-AS") {
		t.Errorf("unknown policy: %v", err)
	}
	if _, _, err := Simulate(tiny(), nil, nil, "fastest"); err == nil {
		t.Error("Simulate accepted an unknown policy")
	}
	for _, tc := range []struct{ in, want string }{
		{"a 4 9787\nb x 100\n", "dsa.txt:2: field 2 (PEs) \"x\""},
		{"a 4 9787\n\n# c\nb 2 -5\n", "dsa.txt:4: field 3 (MIPS)"},
		{"a 4\n", "dsa.txt:1: want"},
		{"a 1 1\na 2 2\n", "dsa.txt:2: machine a listed twice"},
		{"# nothing\n", "dsa.txt: no machines"},
	} {
		_, err := ParseTestbed(strings.NewReader(tc.in), "dsa.txt", "DSA")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseTestbed(%q) error %v, want %q", tc.in, err, tc.want)
		}
	}
	tb, err := ParseTestbed(strings.NewReader("hydrus 4 9787 # fast\ndraco 1 6536\n"), "dsa.txt", "DSA")
	if err != nil || tb.PEs() != 5 {
		t.Errorf("ParseTestbed good input: %+v, %v", tb, err)
	}
	c := tiny()
	c.LCG.Machines[0].PEs = 0
	if _, err := NewBackground(c, nil); err == nil || !strings.Contains(err.Error(), "PEs") {
		t.Errorf("zero-PE machine: %v", err)
	}
	c = tiny()
	c.DispatchChunk = 0
	if err := c.Validate(); err == nil {
		t.Error("dispatch chunk 0 accepted")
	}
	if _, err := NewBackground(tiny(), []BGJob{{Submit: 5}, {Submit: 1}}); err == nil {
		t.Error("unsorted background accepted")
	}
}

// TestSharedPort: on a shared (half-duplex) port an output waits for the
// input before it; on a full-duplex link the directions are independent.
func TestSharedPort(t *testing.T) {
	for _, tc := range []struct {
		shared bool
		want   float64
	}{{true, 30.5}, {false, 20.5}} {
		c := tiny()
		c.WAN = Link{Bandwidth: 1, Latency: 0.5, Shared: tc.shared}
		s, err := NewBackground(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if in := s.send(wanIn, 10); in != 10.5 {
			t.Errorf("shared %v: input arrives at %v, want 10.5", tc.shared, in)
		}
		if out := s.send(wanOut, 20); out != tc.want {
			t.Errorf("shared %v: output arrives at %v, want %v", tc.shared, out, tc.want)
		}
	}
}

// TestBackgroundSaturationByHand: one LCG PE, busy with a background job
// from t=100 to t=200 while a second job waits behind it until t=200
// (then runs to 250). From t=50, cycles every 10 s: within 300 s, 15 of
// the 30 cycles (100..240) find no free PE; within 50 s, none does.
func TestBackgroundSaturationByHand(t *testing.T) {
	c := tiny()
	c.MIPerTraceSecond = 500 // the LCG PE's speed: trace seconds are real seconds
	bg := []BGJob{{Submit: 100, Run: 100}, {Submit: 150, Run: 50}}
	pre, err := Prefix(c, bg, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := BackgroundSaturation(pre, []float64{160, 50}, []float64{300, 50}, 10)
	if s[0].At != 160 || s[0].Free != 0 || s[0].Queued != 1 {
		t.Errorf("at 160 s: %+v, want no free PE and one job queued", s[0])
	}
	if s[1].Free != 1 || s[1].Queued != 0 || s[1].FreeShare[0] != 0.5 || s[1].FreeShare[1] != 1 {
		t.Errorf("from 50 s: %+v, want 1 free PE, shares 0.5 (300 s) and 1 (50 s)", s[1])
	}
	if _, _, err := Simulate(c, bg, pre, "Normal"); err != nil {
		t.Errorf("the prefix is still usable after measuring: %v", err)
	}
}
