package timeshare

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gridbench/gridbench/internal/datadir"
)

// The first implementations of the schedulers that were later made
// faster, kept as their twins: the fast ones must agree with them to the
// last bit (the same float operations in the same order), which the naive
// twin, whose APDRR does not jump cycles, cannot check.

// apdrrTwin sums the queue's run times and finds its least remaining time
// in a pass of its own at every cycle.
type apdrrTwin struct{ fixed float64 }

func (a apdrrTwin) Schedule(jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	var prios []int
	for i := range jobs {
		prios = append(prios, jobs[i].Priority)
	}
	slices.Sort(prios)
	prios = slices.Compact(prios)
	// levels[l] holds the queued jobs of priority prios[l], in arrival
	// order; concatenating the levels gives the cycle order.
	levels := make([][]int32, len(prios))
	rem := make([]float64, n)
	started := make([]bool, n)
	lev := make([]int32, n)
	for i := range jobs {
		rem[i] = jobs[i].Run
		l, _ := slices.BinarySearch(prios, jobs[i].Priority)
		lev[i] = int32(l)
	}
	var nslices int64
	t := math.Inf(-1)
	next, left, queued := 0, n, 0
	for left > 0 {
		if queued == 0 && jobs[next].Submit > t {
			t = jobs[next].Submit
		}
		for next < n && jobs[next].Submit <= t {
			levels[lev[next]] = append(levels[lev[next]], int32(next))
			next++
			queued++
		}
		// Summed in cycle order, like the naive twin, so both see the same
		// quantum to the last bit.
		sum, minRem := 0.0, math.Inf(1)
		for _, lv := range levels {
			for _, i := range lv {
				sum += jobs[i].Run
				minRem = min(minRem, rem[i])
			}
		}
		q := math.Sqrt(sum / float64(queued))
		if a.fixed > 0 {
			q = a.fixed
		}
		m := float64(queued)

		k := roundsBelow(minRem, q)
		if next < n {
			k = min(k, 1+roundsBelow(jobs[next].Submit-t, m*q))
		}
		if k >= 1 {
			kq := float64(k) * q
			p := 0
			for _, lv := range levels {
				for _, i := range lv {
					if !started[i] {
						started[i] = true
						out[i].FirstStart = t + float64(p)*q
					}
					rem[i] -= kq
					p++
				}
			}
			t += float64(k) * m * q
			nslices += k * int64(queued)
			continue
		}

		for l, lv := range levels {
			w := 0
			for _, i := range lv {
				if !started[i] {
					started[i] = true
					out[i].FirstStart = t
				}
				d := min(q, rem[i])
				t += d
				rem[i] -= d
				nslices++
				if rem[i] > 0 {
					lv[w] = i
					w++
				} else {
					out[i].End = t
					left--
					queued--
				}
			}
			levels[l] = lv[:w]
		}
	}
	return nslices
}

// apdrrIndexed is APDRR as it was before each level kept its jobs'
// remaining times beside their indices: a started flag and a remaining time
// per job, looked up by index at every slice.
type apdrrIndexed struct{ fixed float64 }

func (a apdrrIndexed) Schedule(jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	prios := sortedPriorities(jobs)
	// levels[l] holds the queued jobs of priority prios[l], in arrival
	// order; concatenating the levels gives the cycle order.
	levels := make([][]int32, len(prios))
	rem := make([]float64, n)
	started := make([]bool, n)
	lev := make([]int32, n)
	exact := exactRuns(jobs)
	for i := range jobs {
		rem[i] = jobs[i].Run
		l, _ := slices.BinarySearch(prios, jobs[i].Priority)
		lev[i] = int32(l)
	}
	var nslices int64
	t := math.Inf(-1)
	next, left, queued := 0, n, 0
	// queuedRun is the queue's total run time when exact; minRem the
	// least remaining time in the queue, kept by the pass of each cycle
	// for the next one (a minimum is exact in any order).
	queuedRun, minRem := 0.0, math.Inf(1)
	for left > 0 {
		if queued == 0 && jobs[next].Submit > t {
			t = jobs[next].Submit
		}
		for next < n && jobs[next].Submit <= t {
			levels[lev[next]] = append(levels[lev[next]], int32(next))
			queuedRun += jobs[next].Run
			minRem = min(minRem, jobs[next].Run)
			next++
			queued++
		}
		q := cycleQuantumIndexed(jobs, levels, queued, queuedRun, exact, a.fixed)
		m := float64(queued)

		k := roundsBelow(minRem, q)
		if next < n && k > 0 { // with k = 0 the arrival cannot lower it
			k = min(k, 1+roundsBelow(jobs[next].Submit-t, m*q))
		}
		minRem = math.Inf(1)
		if k >= 1 {
			kq := float64(k) * q
			p := 0
			for _, lv := range levels {
				for _, i := range lv {
					if !started[i] {
						started[i] = true
						out[i].FirstStart = t + float64(p)*q
					}
					rem[i] -= kq
					minRem = min(minRem, rem[i])
					p++
				}
			}
			t += float64(k) * m * q
			nslices += k * int64(queued)
			continue
		}

		for l, lv := range levels {
			w := 0
			for _, i := range lv {
				if !started[i] {
					started[i] = true
					out[i].FirstStart = t
				}
				d := min(q, rem[i])
				t += d
				rem[i] -= d
				nslices++
				if rem[i] > 0 {
					lv[w] = i
					w++
					minRem = min(minRem, rem[i])
				} else {
					out[i].End = t
					left--
					queued--
					queuedRun -= jobs[i].Run
				}
			}
			levels[l] = lv[:w]
		}
	}
	return nslices
}

// admitIndexed is APDRR with admission within a cycle as it was before
// each level kept its jobs' remaining times beside their indices.
type admitIndexed struct{ fixed float64 }

func (a admitIndexed) Schedule(jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	if n == 0 {
		return 0
	}
	prios := sortedPriorities(jobs)
	lev := make([]int32, n)
	for i := range jobs {
		l, _ := slices.BinarySearch(prios, jobs[i].Priority)
		lev[i] = int32(l)
	}
	// levels[l] holds level l's queued jobs: in the current cycle,
	// [0, kept[l]) are the ones that had their slice and are still
	// running, [cursor[l], len) the ones waiting for it (arrivals join at
	// the tail), and the gap the ones that finished. When the cycle ends
	// every level is its kept prefix: survivors in order, as in APDRR.
	// Compacting as the cursor passes replaces deleting each finished job
	// from the middle, which moved the rest of its level.
	levels := make([][]int32, len(prios))
	cursor := make([]int, len(prios))
	kept := make([]int, len(prios))
	rem := make([]float64, n)
	started := make([]bool, n)
	exact := exactRuns(jobs) // as in APDRR: the queue's total is kept up to date
	for i := range jobs {
		rem[i] = jobs[i].Run
	}
	queuedRun := 0.0
	var nslices int64
	t := math.Inf(-1)
	next, left, queued := 0, n, 0
	// nextSubmit is the next arrival's submit time, +Inf after the last.
	nextSubmit := jobs[0].Submit
	// first is a level at or before the first one with a job waiting
	// for its slice in this cycle.
	first := 0
	admit := func() {
		for nextSubmit <= t {
			l := lev[next]
			levels[l] = append(levels[l], int32(next))
			queuedRun += jobs[next].Run
			first = min(first, int(l))
			next++
			queued++
			nextSubmit = math.Inf(1)
			if next < n {
				nextSubmit = jobs[next].Submit
			}
		}
	}
	for left > 0 {
		if queued == 0 && nextSubmit > t {
			t = nextSubmit
		}
		admit()
		// A new cycle: the quantum over the jobs queued now.
		q := cycleQuantumIndexed(jobs, levels, queued, queuedRun, exact, a.fixed)
		clear(cursor)
		clear(kept)
		first = 0
		for {
			for first < len(levels) && cursor[first] == len(levels[first]) {
				first++
			}
			if first == len(levels) {
				break // every queued job had its slice: the cycle ends
			}
			// Serve level l's waiting jobs in order until one arrival is
			// due (it may be more urgent) or the level is done.
			l := first
			lv, c, w := levels[l], cursor[l], kept[l]
			for c < len(lv) {
				i := lv[c]
				c++
				if !started[i] {
					started[i] = true
					out[i].FirstStart = t
				}
				d := min(q, rem[i])
				if !(q > 0) { // a zero quantum (every queued job of run 0): finish the job
					d = rem[i]
				}
				t += d
				rem[i] -= d
				nslices++
				if rem[i] > 0 {
					lv[w] = i
					w++
				} else {
					out[i].End = t
					left--
					queued--
					queuedRun -= jobs[i].Run
				}
				if nextSubmit <= t {
					break
				}
			}
			cursor[l], kept[l] = c, w
			admit()
		}
		for l := range levels {
			levels[l] = levels[l][:kept[l]]
		}
	}
	return nslices
}

// cycleQuantumIndexed is APDRR's quantum for a cycle over the queued jobs of
// levels: fixed when positive, else the square root of their mean run
// time. queuedRun is their total when exact; otherwise the run times are
// summed in cycle order, like the naive twin, so that both see the same
// quantum to the last bit.
func cycleQuantumIndexed(jobs []Job, levels [][]int32, queued int, queuedRun float64, exact bool, fixed float64) float64 {
	if fixed > 0 {
		return fixed
	}
	sum := queuedRun
	if !exact {
		sum = 0
		for _, lv := range levels {
			for _, i := range lv {
				sum += jobs[i].Run
			}
		}
	}
	return math.Sqrt(sum / float64(queued))
}

// admitTwin scans the levels from the most urgent at every slice and
// deletes a finished job from the middle of its level.
type admitTwin struct{ fixed float64 }

func (a admitTwin) Schedule(jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	if n == 0 {
		return 0
	}
	var prios []int
	for i := range jobs {
		prios = append(prios, jobs[i].Priority)
	}
	slices.Sort(prios)
	prios = slices.Compact(prios)
	lev := make([]int, n)
	for i := range jobs {
		lev[i], _ = slices.BinarySearch(prios, jobs[i].Priority)
	}
	// levels[l] holds level l's queued jobs in arrival order; cursor[l] is
	// how many of them have had their slice in the current cycle (they
	// are always a prefix: served jobs go to the front of the next cycle's
	// order, as in APDRR, and arrivals join at the tail).
	levels := make([][]int, len(prios))
	cursor := make([]int, len(prios))
	rem := make([]float64, n)
	started := make([]bool, n)
	for i := range jobs {
		rem[i] = jobs[i].Run
	}
	var nslices int64
	t := math.Inf(-1)
	next, left, queued := 0, n, 0
	admit := func() {
		for next < n && jobs[next].Submit <= t {
			levels[lev[next]] = append(levels[lev[next]], next)
			next++
			queued++
		}
	}
	for left > 0 {
		if queued == 0 && jobs[next].Submit > t {
			t = jobs[next].Submit
		}
		admit()
		// A new cycle: the quantum over the jobs queued now.
		sum := 0.0
		for _, lv := range levels {
			for _, i := range lv {
				sum += jobs[i].Run
			}
		}
		q := math.Sqrt(sum / float64(queued))
		if a.fixed > 0 {
			q = a.fixed
		}
		for l := range cursor {
			cursor[l] = 0
		}
		for {
			l := 0
			for l < len(levels) && cursor[l] == len(levels[l]) {
				l++
			}
			if l == len(levels) {
				break // every queued job had its slice: the cycle ends
			}
			i := levels[l][cursor[l]]
			if !started[i] {
				started[i] = true
				out[i].FirstStart = t
			}
			d := min(q, rem[i])
			if !(q > 0) { // a zero quantum (every queued job of run 0): finish the job
				d = rem[i]
			}
			t += d
			rem[i] -= d
			nslices++
			if rem[i] > 0 {
				cursor[l]++
			} else {
				out[i].End = t
				levels[l] = slices.Delete(levels[l], cursor[l], cursor[l]+1)
				left--
				queued--
			}
			admit()
		}
	}
	return nslices
}

// levelRRTwin scans the top level's queue for its least remaining time
// at every jump check, and finds the top level by a scan at every slice.
type levelRRTwin levelRR

func (s levelRRTwin) Schedule(jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	q := s.quantum
	lev := make([]int32, n)
	queues := make([]indexRing, s.levels)
	rem := make([]float64, n)
	started := make([]bool, n)
	for i := range jobs {
		lev[i] = int32(s.level(&jobs[i]))
		rem[i] = jobs[i].Run
	}
	var slices int64
	t := math.Inf(-1)
	next, left := 0, n
	admit := func() {
		for next < n && jobs[next].Submit <= t {
			queues[lev[next]].push(int32(next))
			next++
		}
	}
	top := func() *indexRing {
		for l := range queues {
			if queues[l].len() > 0 {
				return &queues[l]
			}
		}
		return nil
	}
	sinceCheck := math.MaxInt // check for a jump before the first slice
	for left > 0 {
		qu := top()
		if qu == nil {
			t = max(t, jobs[next].Submit)
			admit()
			qu = top()
		}
		// Trying a jump costs O(queue length), so try at most once per that
		// many slices: amortised O(1) per slice.
		if sinceCheck >= qu.len() {
			sinceCheck = 0
			nextArrival := math.Inf(1)
			if next < n {
				nextArrival = jobs[next].Submit
			}
			if k := twinJumpRounds(qu, q, t, nextArrival, rem, started, out); k > 0 {
				m := int64(qu.len())
				slices += k * m
				t += float64(k) * float64(m) * q
				continue
			}
		}
		sinceCheck++
		i := qu.pop()
		if !started[i] {
			started[i] = true
			out[i].FirstStart = t
		}
		d := min(q, rem[i])
		t += d
		rem[i] -= d
		slices++
		// Arrivals up to and including t enter before the preempted job.
		admit()
		if rem[i] > 0 {
			queues[lev[i]].push(i)
		} else {
			out[i].End = t
			left--
		}
	}
	return slices
}

func twinJumpRounds(r *indexRing, q, t, nextArrival float64, rem []float64, started []bool, out []Outcome) int64 {
	m := r.len()
	if m == 0 || q <= 0 {
		return 0
	}
	minRem := math.Inf(1)
	for p := range m {
		minRem = min(minRem, rem[r.at(p)])
	}
	k := roundsBelow(minRem, q)
	if !math.IsInf(nextArrival, 1) {
		k = min(k, roundsBelow(nextArrival-t, float64(m)*q))
	}
	if k < 1 {
		return 0
	}
	kq := float64(k) * q
	for p := range m {
		i := r.at(p)
		if !started[i] {
			started[i] = true
			out[i].FirstStart = t + float64(p)*q
		}
		rem[i] -= kq
	}
	return k
}

// twinJobs is randomJobs with, half the time, submit times off the
// integers, so that times accumulate rounding as in the load sweep, and a
// third of the time run times off the dyadic fractions, whose sums depend
// on their order.
func twinJobs(r *rand.Rand) []Job {
	jobs := randomJobs(r)
	if r.IntN(2) == 0 {
		f := 1 / (1 + r.Float64())
		for i := range jobs {
			jobs[i].Submit *= f
		}
	}
	if r.IntN(3) == 0 {
		for i := range jobs {
			jobs[i].Run *= 1.1
		}
	}
	return jobs
}

// sameRun fails unless fast and twin give identical outcomes and slice
// counts on jobs.
func sameRun(t *testing.T, name string, jobs []Job, slaves int, fast, twin Scheduler) {
	t.Helper()
	got, err := Run(jobs, slaves, fast)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Run(jobs, slaves, twin)
	if err != nil {
		t.Fatal(err)
	}
	if err := compare(got.Outcomes, want.Outcomes, 0); err != nil || got.Slices != want.Slices {
		t.Fatalf("%s, %d slaves: %v (slices %d, twin %d)", name, slaves, err, got.Slices, want.Slices)
	}
}

// rrOf and plrrOf are the RR and PLRR engines the registry builds.
func rrOf(q float64) levelRR {
	return levelRR{quantum: q, levels: 1, level: func(*Job) int { return 0 }}
}

func plrrOf(q float64) levelRR {
	// Priorities are 1 to PriorityLevels, so level = priority - 1 is
	// PLRR's level of every job.
	return levelRR{quantum: q, levels: PriorityLevels, level: func(j *Job) int { return j.Priority - 1 }}
}

// TestAgainstTwins runs every rewritten scheduler against its twin on
// random workloads (integer and fractional run and submit times, so both
// the exact and the general paths run) and on the LCG prefix.
func TestAgainstTwins(t *testing.T) {
	pairs := func(q float64) []struct {
		name       string
		fast, twin Scheduler
	} {
		return []struct {
			name       string
			fast, twin Scheduler
		}{
			{"rr", rrOf(q), levelRRTwin(rrOf(q))},
			{"plrr", plrrOf(q), levelRRTwin(plrrOf(q))},
			{"rr, indexed", rrOf(q), levelRRIndexed(rrOf(q))},
			{"plrr, indexed", plrrOf(q), levelRRIndexed(plrrOf(q))},
			{"apdrr", apdrr{}, apdrrTwin{}},
			{"apdrr fixed", apdrr{fixed: q}, apdrrTwin{fixed: q}},
			{"apdrr, indexed", apdrr{}, apdrrIndexed{}},
			{"apdrr fixed, indexed", apdrr{fixed: q}, apdrrIndexed{fixed: q}},
			{"apdrr-admit", NewAPDRRAdmit(0), admitTwin{}},
			{"apdrr-admit fixed", NewAPDRRAdmit(q), admitTwin{fixed: q}},
			{"apdrr-admit, indexed", NewAPDRRAdmit(0), admitIndexed{}},
			{"apdrr-admit fixed, indexed", NewAPDRRAdmit(q), admitIndexed{fixed: q}},
		}
	}
	cases := 400
	if testing.Short() {
		cases = 100
	}
	for c := range cases {
		r := rand.New(rand.NewPCG(uint64(c), 79))
		jobs := twinJobs(r)
		slaves := 1 + r.IntN(3)
		q := []float64{1, 2, 7, 50, 0.3}[r.IntN(5)]
		for _, p := range pairs(q) {
			sameRun(t, fmt.Sprintf("case %d, %s, quantum %v", c, p.name, q), jobs, slaves, p.fast, p.twin)
		}
	}
	jobs := readSWFPrefix(t, datadir.ForTest(t, "LCG-2005-1/LCG.swf.gz"), 3000)
	for _, slaves := range []int{16, 128} {
		for _, p := range pairs(DefaultQuantum) {
			sameRun(t, "LCG prefix, "+p.name, jobs, slaves, p.fast, p.twin)
			scaled := slices.Clone(jobs)
			for i := range scaled {
				scaled[i].Submit *= 0.7
			}
			sameRun(t, "LCG prefix at 1/0.7 the load, "+p.name, scaled, slaves, p.fast, p.twin)
		}
	}
}

// TestJobLevels: the short list of first appearances and the binary
// search in the sorted priorities give every job the same level, with few
// and with many distinct priorities.
func TestJobLevels(t *testing.T) {
	for c := range 300 {
		r := rand.New(rand.NewPCG(uint64(c), 80))
		jobs := make([]Job, r.IntN(100))
		spread := 1 + r.IntN(40)
		for i := range jobs {
			jobs[i].Priority = r.IntN(spread) - spread/2
			if i > 0 && r.IntN(3) == 0 {
				jobs[i].Priority = jobs[i-1].Priority // runs of one priority
			}
		}
		prios := sortedPriorities(jobs)
		want := make([]int32, len(jobs))
		for i := range jobs {
			l, _ := slices.BinarySearch(prios, jobs[i].Priority)
			want[i] = int32(l)
		}
		if got, n := jobLevels(jobs); !slices.Equal(got, want) || n != len(prios) {
			t.Fatalf("case %d: %v (%d levels), want %v (%d)", c, got, n, want, len(prios))
		}
	}
}

// TestSortByIntRunTwin: the integer-key sort gives the order of the
// comparison sort, (run, index), with ties and -0, and declines
// fractional run times.
func TestSortByIntRunTwin(t *testing.T) {
	for c := range 300 {
		r := rand.New(rand.NewPCG(uint64(c), 81))
		jobs := make([]Job, r.IntN(200))
		idx := make([]int, len(jobs))
		for i := range jobs {
			jobs[i].Run = float64(r.IntN(1 + c))
			if r.IntN(50) == 0 {
				jobs[i].Run = math.Copysign(0, -1)
			}
			idx[i] = i
		}
		r.Shuffle(len(idx), func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
		want := slices.Clone(idx)
		slices.SortFunc(want, func(a, b int) int {
			if c := cmp.Compare(jobs[a].Run, jobs[b].Run); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		if !sortByIntRun(jobs, idx) || !slices.Equal(idx, want) {
			t.Fatalf("case %d: %v, want %v", c, idx, want)
		}
		if len(jobs) > 0 {
			jobs[r.IntN(len(jobs))].Run = 2.5
			if sortByIntRun(jobs, idx) {
				t.Fatalf("case %d: sorted a fractional run time as an integer", c)
			}
		}
	}
}

// roundsBelowTwin is roundsBelow without its shortcut for x <= step.
func roundsBelowTwin(x, step float64) int64 {
	if !(x > 0) || !(step > 0) {
		return 0
	}
	f := math.Ceil(x/step) - 1
	if f > 1<<52 {
		f = 1 << 52
	}
	k := int64(max(f, 0))
	// x/step rounds; step back or forward so k*step < x holds exactly as
	// the slice-by-slice arithmetic would see it.
	for k > 0 && float64(k)*step >= x {
		k--
	}
	for float64(k+1)*step < x && k < 1<<52 {
		k++
	}
	return k
}

// TestRoundsBelowTwin: roundsBelow and its twin agree around and on the
// boundaries k*step == x.
func TestRoundsBelowTwin(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 82))
	for c := range 20000 {
		step := []float64{50, 0.3, math.Sqrt(2) * 100, r.Float64() * 1000}[c%4]
		var x float64
		switch c % 3 {
		case 0:
			x = float64(r.IntN(5)) * step // on a boundary
		case 1:
			x = r.Float64() * 3 * step
		default:
			x = r.Float64() * 1e6
		}
		if r.IntN(20) == 0 {
			x = -x
		}
		if got, want := roundsBelow(x, step), roundsBelowTwin(x, step); got != want {
			t.Fatalf("roundsBelow(%v, %v) = %d, twin %d", x, step, got, want)
		}
	}
}

// levelRRIndexed is the RR engine as it was before its rings held each
// job's remaining time and started flag beside its index: both looked up
// by index at every slice.
type levelRRIndexed levelRR

func (s levelRRIndexed) Schedule(jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	q := s.quantum
	lev := make([]int32, n)
	queues := make([]indexRing, s.levels)
	rem := make([]float64, n)
	started := make([]bool, n)
	for i := range jobs {
		lev[i] = int32(s.level(&jobs[i]))
		rem[i] = jobs[i].Run
	}
	var slices int64
	t := math.Inf(-1)
	next, left := 0, n
	// nextArrival is the next job's submit time, +Inf after the last.
	nextArrival := math.Inf(1)
	if n > 0 {
		nextArrival = jobs[0].Submit
	}
	// cur is the most urgent non-empty level, len(queues) when all are
	// empty: arrivals can only lower it, and only a finishing job can
	// empty its level.
	cur := len(queues)
	admit := func() {
		for nextArrival <= t {
			l := int(lev[next])
			queues[l].push(int32(next))
			cur = min(cur, l)
			next++
			nextArrival = math.Inf(1)
			if next < n {
				nextArrival = jobs[next].Submit
			}
		}
	}
	sinceCheck := math.MaxInt // check for a jump before the first slice
	for left > 0 {
		if cur == len(queues) {
			t = max(t, jobs[next].Submit)
			admit()
		}
		qu := &queues[cur]
		// Trying a jump costs O(queue length), so try at most once per that
		// many slices: amortised O(1) per slice.
		if sinceCheck >= qu.len() {
			sinceCheck = 0
			if k := qu.jumpRounds(q, t, nextArrival, rem, started, out); k > 0 {
				m := int64(qu.len())
				slices += k * m
				t += float64(k) * float64(m) * q
				continue
			}
		}
		// Slices of the top level until the next jump check, an arrival
		// or a finish, on the ring's fields in locals: a preempted job
		// goes from the head to the tail of its own level.
		buf, mask := qu.buf, len(qu.buf)-1
		head, size := qu.head, qu.size
		for {
			sinceCheck++
			i := buf[head]
			head, size = (head+1)&mask, size-1
			if !started[i] {
				started[i] = true
				out[i].FirstStart = t
			}
			d := min(q, rem[i])
			t += d
			rem[i] -= d
			slices++
			if nextArrival <= t || !(rem[i] > 0) {
				qu.head, qu.size = head, size
				// Arrivals up to and including t enter before the
				// preempted job.
				admit()
				if rem[i] > 0 {
					qu.push(i)
				} else {
					out[i].End = t
					left--
					if l := int(lev[i]); cur == l {
						for cur < len(queues) && queues[cur].len() == 0 {
							cur++
						}
					}
				}
				break
			}
			buf[(head+size)&mask] = i // no growth: a slot was just freed
			size++
			if sinceCheck >= size {
				qu.head, qu.size = head, size
				break
			}
		}
	}
	return slices
}

// jumpRounds is the engine's jumpRounds on an indexRing: it skips k >= 0 whole rounds of the queue starting at time t, the
// largest k for which no job finishes (every remaining time > k*q) and no
// job arrives (t + k*len*q < nextArrival; an arrival exactly at a round's
// end would have been queued before the preempted job, so it must be
// strictly later). After k such rounds the queue is back in the same order,
// every job is q*k shorter, and jobs that had never run first ran in the
// first round, at t + position*q. It returns k; the caller advances time and
// the slice count.
func (r *indexRing) jumpRounds(q, t, nextArrival float64, rem []float64, started []bool, out []Outcome) int64 {
	m := r.len()
	if m == 0 || q <= 0 {
		return 0
	}
	// The arrival's bound first, in O(1): when an arrival is due within
	// a round, as it mostly is on long queues, the queue is not scanned.
	k := int64(math.MaxInt64)
	if !math.IsInf(nextArrival, 1) {
		if k = roundsBelow(nextArrival-t, float64(m)*q); k < 1 {
			return 0
		}
	}
	minRem := math.Inf(1)
	for p := range m {
		x := rem[r.at(p)]
		if x <= q {
			return 0 // finishes within the first round
		}
		minRem = min(minRem, x)
	}
	k = min(k, roundsBelow(minRem, q))
	if k < 1 {
		return 0
	}
	kq := float64(k) * q
	for p := range m {
		i := r.at(p)
		if !started[i] {
			started[i] = true
			out[i].FirstStart = t + float64(p)*q
		}
		rem[i] -= kq
	}
	return k
}

// indexRing is the engine's former ring, a FIFO of job indices on a power-of-two circular buffer.
type indexRing struct {
	buf        []int32
	head, size int
}

func (r *indexRing) len() int { return r.size }

func (r *indexRing) at(p int) int32 { return r.buf[(r.head+p)&(len(r.buf)-1)] }

func (r *indexRing) push(x int32) {
	if r.size == len(r.buf) {
		r.grow()
	}
	r.buf[(r.head+r.size)&(len(r.buf)-1)] = x
	r.size++
}

func (r *indexRing) pop() int32 {
	x := r.buf[r.head]
	r.head = (r.head + 1) & (len(r.buf) - 1)
	r.size--
	return x
}

func (r *indexRing) grow() {
	nb := make([]int32, max(16, 2*len(r.buf)))
	for p := range r.size {
		nb[p] = r.at(p)
	}
	r.buf, r.head = nb, 0
}

// TestPackedOrderTwin: SPN's and LJF's heap of packed keys runs the jobs
// in the order of the heap of indices, its twin, to the last bit, with
// ties, -0 and negative keys; keys off the integers are not packed.
func TestPackedOrderTwin(t *testing.T) {
	for c := range 300 {
		r := rand.New(rand.NewPCG(uint64(c), 83))
		jobs := twinJobs(r)
		keys := make([]float64, len(jobs))
		for i := range jobs {
			switch c % 3 {
			case 0:
				keys[i] = math.Round(jobs[i].Run) // SPN
			case 1:
				keys[i] = -math.Round(jobs[i].Run) // LJF
			default:
				keys[i] = float64(r.IntN(7) - 3)
				if keys[i] == 0 && r.IntN(2) == 0 {
					keys[i] = math.Copysign(0, -1)
				}
			}
		}
		packed := packKeys(keys)
		if packed == nil && len(keys) > 0 {
			t.Fatalf("case %d: integer keys not packed", c)
		}
		got, want := make([]Outcome, len(jobs)), make([]Outcome, len(jobs))
		packedOrder(jobs, packed, got, nil)
		heapOrder(jobs, keys, want)
		if err := compare(got, want, 0); err != nil {
			t.Fatalf("case %d: %v", c, err)
		}
		if len(keys) > 0 {
			keys[r.IntN(len(keys))] = 0.5
			if packKeys(keys) != nil {
				t.Fatalf("case %d: packed a fractional key", c)
			}
		}
	}
}

// TestPriorityRuleTwin: the rule on slices indexed by user id gives every
// job the priority of the rule on maps, its twin, with unknown users (-1),
// users without a valid job, ties in job counts, and ids too spread out
// for the slices (then the maps decide).
func TestPriorityRuleTwin(t *testing.T) {
	for c := range 300 {
		r := rand.New(rand.NewPCG(uint64(c), 84))
		jobs := make([]Job, r.IntN(200))
		spread := []int{1, 5, 40, 1 << 20}[c%4]
		for i := range jobs {
			jobs[i] = Job{Run: float64(r.IntN(10)) - 1, User: r.IntN(spread) - 1}
		}
		got, want := slices.Clone(jobs), slices.Clone(jobs)
		PriorityRule(got)
		priorityRuleMap(want)
		if !slices.Equal(got, want) {
			t.Fatalf("case %d: %v, want %v", c, got, want)
		}
	}
}

// priorityRuleMap is PriorityRule as it was, with the users' counts and
// levels in maps: the reference of TestPriorityRuleTwin.
func priorityRuleMap(jobs []Job) {
	count := map[int]int{}
	n := 0
	for i := range jobs {
		if jobs[i].Run >= 0 {
			count[jobs[i].User]++
			n++
		}
	}
	users := make([]int, 0, len(count))
	for u := range count {
		users = append(users, u)
	}
	slices.SortFunc(users, func(a, b int) int {
		if count[a] != count[b] {
			return count[a] - count[b]
		}
		return a - b
	})
	level := make(map[int]int, len(users))
	before := 0
	for _, u := range users {
		level[u] = 1 + 3*before/n
		before += count[u]
	}
	for i := range jobs {
		if l, ok := level[jobs[i].User]; ok {
			jobs[i].Priority = l
		} else {
			jobs[i].Priority = PriorityLevels
		}
	}
}
