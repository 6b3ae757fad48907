package schedbased

import (
	"math"
	"slices"
	"sort"
)

// A re-plan from the head of a queue (a job ended off plan, started off
// plan, or a planned start passed) is the list rule applied to the whole
// queue again, but on a long queue most jobs keep their times, and the
// plan before the change says why: its profile is the free CPUs of the
// running jobs and every queued job at its old times. Job k is placed
// from t, the new start of job k-1, at the first instant whose free CPUs,
// given the running jobs and jobs 0..k-1, are enough; that is the old
// profile, less the difference between the plans so far (the job that
// ended or started, the jobs re-placed elsewhere: a change of used CPUs
// from each of their old and new starts and ends on), plus the CPUs of
// the jobs k, k+1, ... that the old profile holds at that instant (none
// before job k's old start, as the queue is ordered by start).
//
// So when job k-1 kept its start and the difference is zero over [t, old
// start of job k], job k keeps its start unread: the free CPUs it sees
// are the old plan's. The jobs before the next change of the difference
// are skipped together, and once the difference is zero for good and job
// k-1 kept its start the rest of the queue keeps its times. A job that
// must be placed reads the profile from t on, about one segment on a
// long queue (RICC-2010-2: 1.09 per job placed). At the end the profile
// is the old one less the whole difference, in one walk.
//
// The work counted is the full re-placement's, which depends only on the
// new times: a step per job, one per job popped (those ending by the last
// job's start), the running jobs read, and the profile's count. The plan
// before the change must be the list rule's, which holds but for a
// zero-length job under a gap (see the package's interpretations): a plan
// that ever held a zero-length job re-places the whole queue. Plan.direct
// re-places it always, so the lockstep tests compare the two.

// change says that from t on a re-plan's machine uses d more CPUs than
// its profile before the re-plan says (d < 0: fewer).
type change struct {
	t float64
	d int
}

// changeBefore records, for the next re-plan of machine m, that its
// jobs use d more CPUs on [from, to) than its profile says (d < 0:
// fewer), a change the caller made before asking for the re-plan: a job
// ended before the end the profile holds for it (Complete), or started
// off its planned times (Start). The re-plan reads and clears it.
func (p *Plan) changeBefore(m int, from, to float64, d int) {
	if !(to > from) {
		return
	}
	if p.pendM != m {
		p.pendM, p.pend = m, p.pend[:0]
	}
	p.pend = append(p.pend, change{from, d}, change{to, -d})
}

// replanHead is replan(m, 0) after a change outside the queue (recorded
// by changeBefore, or the clock passing a planned start), reading only
// the jobs whose times may change.
func (p *Plan) replanHead(m int) {
	mp := &p.ms[m]
	var pend []change
	if p.pendM == m {
		pend = p.pend
		p.pendM = -1
	}
	if p.direct || p.zeroSeen || len(mp.queue) == 0 || len(mp.free) == 0 || mp.ts[0] > p.now {
		p.replan(m, 0)
		return
	}
	p.touch(mp)
	f := p.now
	p.work += int64(len(mp.running)) // activeAt's count
	q := mp.queue
	n := len(q)
	cpus := mp.cpus
	ts, fr := mp.ts, mp.free
	segs := len(fr)
	lateBefore := mp.lateQ

	// The difference: base is its value at the instant reached (tau),
	// the later changes wait in h. For the profile, the changes reached
	// are listed in order of time (seen), but for those of a job moved
	// later that lie before tau already (back).
	h := &p.rheap
	h.reset(f)
	seen, back := p.changes[:0], p.back[:0]
	base := 0
	tau := f
	note := func(t float64, d int) {
		t = max(t, f) // the profile starts at f: an earlier change counts from f
		switch {
		case t < tau:
			back = append(back, change{t, d})
			base += d
		case t == tau:
			seen = append(seen, change{t, d})
			base += d
		default:
			h.push(endItem{t, d})
		}
	}
	for _, c := range pend {
		note(c.t, c.d)
	}
	// The jobs k, k+1, ... before next that the old profile holds at
	// tau: heldCPUs, and the ends of those before pushed in hh (with
	// their index, as cpus), of which those of jobs before k are stale.
	// A job's end is pushed only when tau is about to move past its
	// start's instant: most jobs placed at their old start leave first.
	hh := &p.hheap
	hh.reset(f)
	heldCPUs, next, pushed := 0, 0, 0
	// si is the profile segment holding tau (segs: past the makespan,
	// where every CPU is free).
	si := 0
	k := 0
	reach := func(x float64) {
		tau = x
		for h.len() > 0 && h.min().end <= tau {
			c := h.pop()
			base += c.cpus
			seen = append(seen, change{c.end, c.cpus})
		}
		for hh.len() > 0 && hh.min().end <= tau {
			if i := hh.pop().cpus; i >= k {
				heldCPUs -= q[i].Job.CPUs
			}
		}
		for si < segs && ts[si+1] <= tau {
			si++
		}
	}
	reach(f)
	t := f        // the new start of job k-1 (f for job 0)
	kept := false // job k-1 kept its start
	for k < n {
		if kept && base == 0 {
			if h.len() == 0 {
				break // nothing differs from here on
			}
			// The jobs starting before the next change keep their times.
			x := h.min().end
			j := k + sort.Search(n-k, func(i int) bool { return q[k+i].Start >= x })
			if j > k {
				for i := k; i < min(j, next); i++ {
					if q[i].End > tau {
						heldCPUs -= q[i].Job.CPUs
					}
				}
				t, k, pushed = q[j-1].Start, j, max(pushed, j)
				continue
			}
		}
		e := &q[k]
		need := e.Job.CPUs
		reach(t)
		next, pushed = max(next, k), max(pushed, k)
		for {
			for ; next < n && q[next].Start <= tau; next++ {
				if q[next].End > tau {
					heldCPUs += q[next].Job.CPUs
				}
			}
			free, x := cpus, math.Inf(1)
			if si < segs {
				free, x = fr[si], ts[si+1]
			}
			if free-base+heldCPUs >= need {
				break
			}
			for ; pushed < next; pushed++ {
				if q[pushed].End > tau {
					hh.push(endItem{q[pushed].End, pushed})
				}
			}
			if h.len() > 0 {
				x = min(x, h.min().end)
			}
			if hh.len() > 0 {
				x = min(x, hh.min().end)
			}
			if next < n {
				x = min(x, q[next].Start)
			}
			reach(x)
		}
		oldStart, oldEnd := e.Start, e.End
		if k < next && oldEnd > tau {
			heldCPUs -= need // job k leaves the jobs held
		}
		if kept = tau == oldStart; !kept {
			wasLate := e.Job.Late(oldEnd)
			e.Start, e.End = tau, tau+p.Duration(e.Job, m)
			note(e.Start, need)
			note(e.End, -need)
			note(oldStart, -need)
			note(oldEnd, need)
			p.relate(mp, wasLate, e.Job.Late(e.End))
		}
		t = tau
		k++
	}
	if k < n {
		p.settled++
	}
	for h.len() > 0 {
		c := h.pop()
		seen = append(seen, change{c.end, c.cpus})
	}
	// The full re-placement's count: a step per job and per job popped
	// (every end by the last job's start, the last job's own excepted),
	// then the profile's (the jobs active at f, the queue twice).
	last := q[n-1].Start
	ms, act, popped := 0.0, 0, 0
	for _, r := range mp.running {
		ms = max(ms, r.End)
		if r.End > f {
			act++
			if r.End <= last {
				popped++
			}
		}
	}
	for i := range q {
		ms = max(ms, q[i].End)
		if i < n-1 && q[i].End <= last {
			popped++
		}
	}
	p.work += int64(n + popped + act + 2*n)
	if lateBefore > 0 || mp.lateQ > 0 {
		p.lateChanged(mp) // as dropping and adding every job would
	}
	if len(seen)+len(back) > 0 {
		slices.SortFunc(back, func(a, b change) int { return cmpFloat(a.t, b.t) })
		p.subtract(mp, f, ms, seen, back)
	}
	p.changes, p.back = seen[:0], back[:0]
	p.makespanIs(m, ms)
}

// subtract makes machine mp's profile the old one less the changes in
// used CPUs a and b (each in order of time) from f to the makespan ms.
func (p *Plan) subtract(mp *machPlan, f, ms float64, a, b []change) {
	ts, fr := mp.ts, mp.free
	segs := len(fr)
	outT, outF := p.profTs[:0], p.profFree[:0]
	si, ai, bi, d := 0, 0, 0, 0
	for x := f; x < ms; {
		for si < segs && ts[si+1] <= x {
			si++
		}
		for ai < len(a) && a[ai].t <= x {
			d += a[ai].d
			ai++
		}
		for bi < len(b) && b[bi].t <= x {
			d += b[bi].d
			bi++
		}
		free, next := mp.cpus, ms
		if si < segs {
			free, next = fr[si], min(next, ts[si+1])
		}
		if ai < len(a) {
			next = min(next, a[ai].t)
		}
		if bi < len(b) {
			next = min(next, b[bi].t)
		}
		if v := free - d; len(outF) == 0 || outF[len(outF)-1] != v {
			outT = append(outT, x)
			outF = append(outF, v)
		}
		x = next
	}
	outT = append(outT, ms)
	mp.ts = append(mp.ts[:0], outT...)
	mp.free = append(mp.free[:0], outF...)
	p.profTs, p.profFree = outT[:0], outF[:0]
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// relate moves a queued entry of machine mp between the late and the
// non-delayed counts when its lateness changed from wasLate to isLate.
func (p *Plan) relate(mp *machPlan, wasLate, isLate bool) {
	switch {
	case wasLate && !isLate:
		mp.late--
		mp.lateQ--
		p.nondelayed++
	case !wasLate && isLate:
		mp.late++
		mp.lateQ++
		p.nondelayed--
	}
}
