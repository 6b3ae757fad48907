package timeshare

import (
	"math"
	"slices"
)

// levelRR is round robin over strict priority levels with a fixed quantum:
// the head of the most urgent non-empty level gets a slice of
// min(quantum, remaining); a preempted job goes back to the tail of its own
// level after every job that arrived at or before the preemption instant;
// a more urgent arrival therefore takes the CPU at the next slice boundary,
// never mid-slice. RR is the one-level case.
type levelRR struct {
	quantum float64
	// level maps a job to its level, 0 most urgent, < levels; lev, when
	// not nil, holds every job's level instead.
	level  func(j *Job) int
	lev    []int32
	levels int
}

func (s levelRR) Schedule(jobs []Job, out []Outcome) int64 {
	return s.scheduleIn(new(scratch), jobs, out)
}

func (s levelRR) scheduleIn(sc *scratch, jobs []Job, out []Outcome) int64 {
	n := len(jobs)
	q := s.quantum
	lev := s.lev
	if lev == nil {
		sc.lev = slices.Grow(sc.lev[:0], n)[:n]
		lev = sc.lev
		for i := range jobs {
			lev[i] = int32(s.level(&jobs[i]))
		}
	}
	// The rings of the last slave, emptied: their buffers are reused.
	if len(sc.rings) < s.levels {
		sc.rings = make([]ring, s.levels)
	}
	queues := sc.rings[:s.levels]
	for l := range queues {
		queues[l].head, queues[l].size = 0, 0
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
			queues[l].push(rrEntry{rem: jobs[next].Run, idx: int32(next)})
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
			if k := qu.jumpRounds(q, t, nextArrival, out); k > 0 {
				m := int64(qu.len())
				slices += k * m
				t += float64(k) * float64(m) * q
				continue
			}
		}
		// Slices of the top level until the next jump check, an arrival
		// or a finish, on the ring's fields in locals: a preempted job
		// goes from the head to the tail of its own level. A slice is
		// min(q, remaining) and the job finishes when that was all it
		// had, written as one branch on remaining > q: the same
		// operations on the same values (times are never NaN).
		buf, mask := qu.buf, len(qu.buf)-1
		head, size := qu.head, qu.size
		for {
			sinceCheck++
			e := buf[head]
			head, size = (head+1)&mask, size-1
			if !e.started {
				e.started = true
				out[e.idx].FirstStart = t
			}
			slices++
			runs := e.rem > q
			if runs {
				t += q
				e.rem -= q
			} else {
				t += e.rem
			}
			if nextArrival <= t || !runs {
				qu.head, qu.size = head, size
				// Arrivals up to and including t enter before the
				// preempted job.
				admit()
				if runs {
					qu.push(e)
				} else {
					out[e.idx].End = t
					left--
					if l := int(lev[e.idx]); cur == l {
						for cur < len(queues) && queues[cur].len() == 0 {
							cur++
						}
					}
				}
				break
			}
			buf[(head+size)&mask] = e // no growth: a slot was just freed
			size++
			if sinceCheck >= size {
				qu.head, qu.size = head, size
				break
			}
		}
	}
	return slices
}

// jumpRounds skips k >= 0 whole rounds of the queue starting at time t, the
// largest k for which no job finishes (every remaining time > k*q) and no
// job arrives (t + k*len*q < nextArrival; an arrival exactly at a round's
// end would have been queued before the preempted job, so it must be
// strictly later). After k such rounds the queue is back in the same order,
// every job is q*k shorter, and jobs that had never run first ran in the
// first round, at t + position*q. It returns k; the caller advances time and
// the slice count.
func (r *ring) jumpRounds(q, t, nextArrival float64, out []Outcome) int64 {
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
		x := r.at(p).rem
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
		e := r.at(p)
		if !e.started {
			e.started = true
			out[e.idx].FirstStart = t + float64(p)*q
		}
		e.rem -= kq
	}
	return k
}

// roundsBelow returns the largest integer k >= 0 with k*step < x (0 when
// x <= 0 or step <= 0).
func roundsBelow(x, step float64) int64 {
	if !(x > 0) || !(step > 0) || x <= step {
		return 0 // x <= step: not even one step fits below x
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

// rrEntry is a queued job: its index, its remaining time and whether it
// has run, kept together so a slice reads and writes one entry instead of
// three arrays by index.
type rrEntry struct {
	rem     float64
	idx     int32
	started bool
}

// ring is a FIFO of queued jobs on a power-of-two circular buffer.
type ring struct {
	buf        []rrEntry
	head, size int
}

func (r *ring) len() int { return r.size }

// at returns the entry at position p from the head, to read or update.
func (r *ring) at(p int) *rrEntry { return &r.buf[(r.head+p)&(len(r.buf)-1)] }

func (r *ring) push(x rrEntry) {
	if r.size == len(r.buf) {
		r.grow()
	}
	r.buf[(r.head+r.size)&(len(r.buf)-1)] = x
	r.size++
}

func (r *ring) grow() {
	nb := make([]rrEntry, max(16, 2*len(r.buf)))
	for p := range r.size {
		nb[p] = *r.at(p)
	}
	r.buf, r.head = nb, 0
}
