package schedbased

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

// A re-plan from the head of a queue (jobs ended before their planned
// ends, a job started off plan, or a planned start passed) is the list
// rule applied to the whole queue again, but on a long queue most jobs
// keep their times, and the plan before the change says why: its
// profile is the free CPUs of the running jobs and every queued job at
// its old times. Job k is placed from t, the new start of job k-1, at
// the first instant whose free CPUs, given the running jobs and jobs
// 0..k-1, are enough; that is the old
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
// k-1 kept its start the rest of the queue keeps its times. Where the
// difference at the instant reached is below zero (CPUs came free), the
// jobs whose old start is that instant keep it too: the old plan fitted
// each there beside the ones before it, no fewer CPUs are free there
// now, and none can start earlier, as job k-1 starts there. Both are one
// skip, of jobs unread but for the CPUs they leave the jobs held; on the
// first 100,000 RICC-2010-2 jobs under EG-EDF the second skips 22.5 M of
// the 25.9 M jobs that kept their start and were read one by one before
// (393 M of 410 M over the first 400,000): 0.90 to 0.96 of the CPU at
// 400,000 jobs (two builds, 2 pairs each); at 100,000, less than what
// the loop's layout in a build moves the time (0.96 to 1.04 in two
// builds). A job that must be placed reads the profile from t on, about
// one segment on a long queue (RICC-2010-2: 1.09 per job placed). At the
// end the profile is the old one less the whole difference, in one walk.
//
// The CPUs the jobs skipped leave the jobs held, and those of the jobs
// of the instant reached that the old profile holds there, are each one
// difference rather than a sum read job by job: every entry of a queue
// carries the CPUs of the jobs before it (Entry.before, which insert and
// remove keep at the cost of the entries on the shorter side), and the
// last job of one start is found by galloping. Each of these jobs holds
// its CPUs at the instant reached, as it starts there or later and ends
// after its start: a plan that may hold a job too short to end after its
// start at the rounding step of its latest time re-places whole queues
// (endsAfterStart; before, replanHead counted other work than the whole
// re-placement there). Those sums were read job by job over 108 M jobs
// on the first 100,000 RICC-2010-2 jobs under EG-EDF and 1.68 G over
// the first 400,000 (15.6 times as many, where the jobs moved grow 10.1
// times); as differences, EG-EDF takes 0.89 of the CPU there (3 pairs)
// and 0.987 at 100,000 (9 pairs).
//
// Waiting jobs come in runs of one shape (arrays of jobs submitted
// together) that share a start, and a run moves together: on the first
// 100,000 RICC-2010-2 jobs under EG-EDF, 81% of the 33.4 M jobs moved
// have the previous job's shape, old start and new start. Each job placed
// at tau takes its CPUs from those free there, so the jobs of a run after
// job k start at tau as long as those CPUs hold them, and they are moved
// together: one change of their CPUs summed at each of the four instants
// (new start and end, old start and end) rather than one per job, which
// takes EG-EDF from 6.5 to 3.8 s of CPU there. Runs are held together
// too: of the 9.4 M ends of held jobs pushed there, 91% equal the one
// pushed before, so the jobs pushed one after the other with one end
// wait as one item (heldRun): 0.85 M pushes, and 0.91 of the CPU.
//
// The work counted is the full re-placement's, which depends only on the
// new times: a step per job, one per job popped (those ending by the last
// job's start), the running jobs read, and the profile's count. The plan
// before the change must be the list rule's, which holds but for a
// zero-length job under a gap (see the package's interpretations), and
// only while it waits: the jobs after it were placed from its start by
// the list rule, and once it starts (at its planned start, now; a start
// that passed re-plans) they start no earlier than now anyway, and once
// it leaves the queue the re-plan from there places the next job anew.
// So a queue that holds a zero-length job is re-placed whole
// (endsAfterStarts). Plan.direct re-places it always, so the lockstep
// tests compare the two.

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
	if p.direct || !p.endsAfterStarts(mp) || len(mp.free) == 0 || mp.ts[0] > p.now {
		p.replan(m, 0)
		return
	}
	popsKept := p.popsKept(mp)
	p.touch(mp)
	f := p.now
	p.work += int64(len(mp.running)) // activeAt's count
	q := mp.queue
	n := len(q)
	cpus := mp.cpus
	ts, fr := mp.ts, mp.free
	segs := len(fr)
	lateBefore := mp.lateQ
	// The queue's count of jobs that end by the last one's start, if the
	// last keeps it, is the old one plus the change of the jobs moved.
	lastBefore := math.Inf(-1)
	if n > 0 {
		lastBefore = q[n-1].Start
	}
	dPops := 0
	// lost says a job that ended at the makespan moved or left; grown is
	// the latest end of the jobs moved or started.
	lost, grown := false, 0.0
	for i := 0; i+1 < len(pend); i += 2 {
		if pend[i].d > 0 {
			grown = max(grown, pend[i+1].t)
		} else if pend[i+1].t == mp.makespan {
			lost = true
		}
	}

	// The difference: base is its value at the instant reached (tau),
	// the later changes wait: at the old starts of jobs moved earlier in
	// starts (ordered, as the queue is), the others in h, whose earliest
	// time is hMin. For the profile, the changes reached are listed in
	// order of time (seen), but for those of a job moved later that lie
	// before tau already (back).
	h := &p.rheap
	h.reset(f)
	hMin := math.Inf(1)
	starts, sq := p.starts[:0], 0
	seen, back := p.changes[:0], p.back[:0]
	base := 0
	tau := f
	note := func(t float64, d int) {
		if t < f {
			t = f // the profile starts at f: an earlier change counts from f
		}
		switch {
		case t < tau:
			back = append(back, change{t, d})
			base += d
		case t == tau:
			seen = append(seen, change{t, d})
			base += d
		default:
			h.push(endItem{t, d})
			if t < hMin {
				hMin = t
			}
		}
	}
	for _, c := range pend {
		note(c.t, c.d)
	}
	// nextChange is the time of the earliest change waiting.
	nextChange := func() float64 {
		if sq < len(starts) && starts[sq].t < hMin {
			return starts[sq].t
		}
		return hMin
	}
	// The jobs k, k+1, ... before next that the old profile holds at
	// tau: heldCPUs, and the ends of those before pushed in hh, of which
	// those of jobs before k are stale. A job's end is pushed only when
	// tau is about to move past its start's instant: most jobs placed at
	// their old start leave first. Jobs pushed one after the other with
	// one end (a run, submitted together) share an item: its cpus is the
	// run's index in held.
	hh := &p.hheap
	hh.reset(f)
	held := p.held[:0]
	hhMin := math.Inf(1)
	heldCPUs, next, pushed := 0, 0, 0
	// si is the profile segment holding tau (segs: past the makespan,
	// where every CPU is free).
	si := 0
	k := 0
	reach := func(x float64) {
		tau = x
		for (h.len() > 0 && hMin <= tau) || (sq < len(starts) && starts[sq].t <= tau) {
			if sq < len(starts) && (h.len() == 0 || starts[sq].t <= hMin) {
				c := starts[sq]
				sq++
				base += c.d
				seen = append(seen, c)
				continue
			}
			c := h.pop()
			base += c.cpus
			seen = append(seen, change{c.end, c.cpus})
			hMin = math.Inf(1)
			if h.len() > 0 {
				hMin = h.min().end
			}
		}
		for hh.len() > 0 && hhMin <= tau {
			if r := held[hh.pop().cpus]; r.from >= k {
				heldCPUs -= r.cpus
			} else {
				for i := k; i < r.to; i++ {
					heldCPUs -= q[i].Job.CPUs
				}
			}
			hhMin = math.Inf(1)
			if hh.len() > 0 {
				hhMin = hh.min().end
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
		// The jobs that keep their times are skipped, unread but for the
		// CPUs they leave the jobs held. Where no fewer CPUs are free at
		// tau than the old plan had there (base <= 0), those planned at
		// tau keep it: the old plan fitted each there beside the ones
		// before it, and none can start earlier, as t, the new start of
		// job k-1, is tau then (a placement leaves it at tau, a skip at
		// the old start of the last job skipped, between tau and job
		// k's). Where nothing differs (base == 0) and job k-1 kept its
		// start, so does every job starting before the next change: the
		// free CPUs it sees are the old plan's.
		if base <= 0 {
			j := k
			if q[k].Start == tau {
				j = startAfter(q, k+1, tau)
			}
			if kept && base == 0 {
				x := nextChange()
				if math.IsInf(x, 1) {
					break // nothing differs from here on
				}
				j = startAtOrAfter(q, j, x)
			}
			if j > k {
				if e := min(j, next); e > k {
					heldCPUs -= cpusIn(q, k, e) // (each starts at tau or later)
				}
				t, k, kept = q[j-1].Start, j, true
				continue
			}
		}
		e := &q[k]
		need := e.Job.CPUs
		if t > tau {
			reach(t)
		}
		next, pushed = max(next, k), max(pushed, k)
		avail := 0 // the CPUs free at tau for job k
		for {
			for ; next < n && q[next].Start < tau; next++ {
				if q[next].End > tau {
					heldCPUs += q[next].Job.CPUs
				}
			}
			if next < n && q[next].Start == tau {
				e := startAfter(q, next+1, tau)
				heldCPUs += cpusIn(q, next, e) // (each ends after tau)
				next = e
			}
			free, x := cpus, math.Inf(1)
			if si < segs {
				free, x = fr[si], ts[si+1]
			}
			if avail = free - base + heldCPUs; avail >= need {
				break
			}
			for ; pushed < next; pushed++ {
				end := q[pushed].End
				if !(end > tau) {
					continue
				}
				// The last run pushed is not popped yet: it ends after tau.
				if l := len(held) - 1; l >= 0 && held[l].to == pushed && held[l].end == end {
					held[l].to++
					held[l].cpus += q[pushed].Job.CPUs
					continue
				}
				held = append(held, heldRun{pushed, pushed + 1, q[pushed].Job.CPUs, end})
				hh.push(endItem{end, len(held) - 1})
				if end < hhMin {
					hhMin = end
				}
			}
			if c := nextChange(); c < x {
				x = c
			}
			if hhMin < x {
				x = hhMin
			}
			if next < n && q[next].Start < x {
				x = q[next].Start
			}
			if math.IsInf(x, 1) { // (every CPU is free for good: the counts are wrong)
				panic(fmt.Sprintf("schedbased: internal error: re-planning machine %d, job %d of %d CPUs finds %d free after every change", m, e.ID, need, avail))
			}
			reach(x)
		}
		oldStart, oldEnd := e.Start, e.End
		// The jobs after job k with its shape and old start (a run of
		// jobs submitted together) that fit at tau beside it, each
		// taking need of the avail CPUs there, start at tau too: placed
		// one by one, each would find that, and change the profile as it
		// does. They are moved together, with one change of r × need
		// CPUs at each instant where each would make one of need.
		// (Each job of the run is moved as it is found.)
		r := 1
		end := oldEnd
		if kept = tau == oldStart; !kept {
			end = tau + p.Duration(e.Job, m)
			fit := min(avail/need, n-k) // divided once, not at every job of the run
			run := e.Job.Run
			for i := k; ; {
				x := &q[i]
				wasLate := x.Job.Late(oldEnd)
				x.Start, x.End = tau, end
				p.relate(mp, wasLate, x.Job.Late(end))
				if i++; i-k == fit || q[i].Start != oldStart || q[i].Job.CPUs != need || q[i].Job.Run != run {
					r = i - k
					break
				}
			}
		}
		d := r * need
		if k < next && oldEnd > tau {
			heldCPUs -= d // the jobs leave the jobs held
		}
		if !kept {
			if k+r < n { // (else the last job moved)
				if end <= lastBefore {
					dPops += r
				}
				if oldEnd <= lastBefore {
					dPops -= r
				}
			}
			note(tau, d)
			note(end, -d)
			if oldStart > tau {
				starts = append(starts, change{oldStart, -d})
			} else {
				note(oldStart, -d)
			}
			note(oldEnd, d)
			if oldEnd == mp.makespan {
				lost = true
			}
			grown = max(grown, end)
		}
		t = tau
		k += r
	}
	if k < n {
		p.settled++
	}
	// The changes still waiting, in order, for the profile.
	for sq < len(starts) || h.len() > 0 {
		if sq < len(starts) && (h.len() == 0 || starts[sq].t <= h.min().end) {
			seen = append(seen, starts[sq])
			sq++
			continue
		}
		c := h.pop()
		seen = append(seen, change{c.end, c.cpus})
	}
	// The full re-placement's count: a step per job and per job popped
	// (every end by the last job's start, the last job's own excepted),
	// then the profile's (the jobs active at f, the queue twice).
	last := math.Inf(-1) // (an empty queue pops nothing)
	if n > 0 {
		last = q[n-1].Start
	}
	rc := endCount{last: grown}
	rc.addEnds(mp.runEnds, f, last)
	ms, act, popped := rc.last, rc.act, rc.pops
	if n > 0 {
		var c int
		if popsKept && last == lastBefore {
			c = mp.pops + dPops
		} else {
			c = queuePops(q, last, p.longest)
		}
		popped += c
		p.popsAre(mp, c)
	}
	p.work += int64(n + popped + act + 2*n)
	// The makespan: the old one unless the job that ended there moved or
	// left, then the latest end, read from the back as far as a job may
	// still end later (endsBy's bound).
	if lost || ms < mp.makespan && !endsAt(q, mp.makespan) {
		for i := n - 1; i >= 0 && q[i].Start+p.longest > ms; i-- {
			if end := q[i].End; end > ms {
				ms = end
			}
		}
	} else {
		ms = max(ms, mp.makespan)
	}
	if lateBefore > 0 || mp.lateQ > 0 {
		p.lateChanged(mp) // as dropping and adding every job would
	}
	if len(seen)+len(back) > 0 {
		slices.SortFunc(back, func(a, b change) int { return byTime(a.t, b.t) })
		p.subtract(mp, f, ms, seen, back)
	}
	p.changes, p.back, p.starts, p.held = seen[:0], back[:0], starts[:0], held[:0]
	p.makespanIs(m, ms)
}

// popsKept says whether machine mp's pops counts its queue, and popsAre
// sets it, for the queue as it stands. Between two re-plans the queue
// loses its head (Start), the running jobs one (retire) and a gap takes a
// job (insertGapAt), each a step of the count, and a re-plan moves some
// jobs (replanHead), a step per run moved; other changes leave the count
// unknown (a new stamp), and the next re-plan counts the queue again
// (queuePops). On the first 400,000 RICC-2010-2 jobs under EG-EDF, the
// count read 857 M jobs (2,880 a re-plan, where 8,500 wait on average);
// 82% of the 297,455 re-plans now take it from the last one, and the
// others read 105 M.
func (p *Plan) popsKept(mp *machPlan) bool { return mp.popsAt == mp.qstamp }

func (p *Plan) popsAre(mp *machPlan, n int) { mp.pops, mp.popsAt = n, mp.qstamp }

// queuePops counts the jobs of q but the last that end by last: those
// that start early enough to end by it at the longest duration are
// counted unread.
func queuePops(q []Entry, last, longest float64) int {
	n := len(q)
	c := min(endsBy(q, last, longest), n-1)
	for i := c; i < n-1; i++ {
		if q[i].End <= last {
			c++
		}
	}
	return c
}

// subtract makes machine mp's profile the old one less the changes in
// used CPUs a and b (each in order of time) from f to the makespan ms.
// Before the first change and after the last the profile is the old one
// (the changes add up to nothing), copied as it is. There is at least
// one change.
//
// Measured and not kept (2026-12-01): copying the old segments as they
// are wherever nothing differs between two changes (a sort.Search for the
// next change's segment and one append), rather than one by one: 1.04
// of EG-EDF's CPU on the first 100,000 RICC-2010-2 jobs (7 pairs) and
// 1.06 on the first 400,000 (3 pairs).
func (p *Plan) subtract(mp *machPlan, f, ms float64, a, b []change) {
	if len(b) > 0 {
		p.merged = mergeChanges(p.merged[:0], a, b)
		a = p.merged
	}
	ts, fr := mp.ts, mp.free
	segs, cpus := len(fr), mp.cpus
	// The segments wholly before the first change are kept.
	si := 0
	for si < segs && ts[si+1] <= a[0].t && ts[si+1] < ms {
		si++
	}
	outT := append(p.profTs[:0], ts[:si]...)
	outF := append(p.profFree[:0], fr[:si]...)
	// last is the free CPUs of the last segment out (none yet: a job
	// started off its planned times can leave free CPUs below zero).
	x, last := f, math.MinInt
	if si > 0 {
		x, last = ts[si], fr[si-1]
	}
	ci, d := 0, 0
	for x < ms {
		for ci < len(a) && a[ci].t <= x {
			d += a[ci].d
			ci++
		}
		for si < segs && ts[si+1] <= x {
			si++
		}
		if ci == len(a) {
			// No change is left (d is back to 0): the rest is the old
			// profile, whose neighbours differ, copied from the first
			// segment that differs from the last out.
			if si >= segs {
				if last != cpus {
					outT, outF = append(outT, x), append(outF, cpus)
				}
				break
			}
			if fr[si] != last {
				outT, outF = append(outT, x), append(outF, fr[si])
			}
			e := si + 1 + sort.SearchFloat64s(ts[si+1:segs], ms)
			outT, outF = append(outT, ts[si+1:e]...), append(outF, fr[si+1:e]...)
			if e == segs && ms > ts[segs] && outF[len(outF)-1] != cpus {
				outT = append(outT, ts[segs]) // every CPU free to the makespan
				outF = append(outF, cpus)
			}
			break
		}
		// The segments up to the next change, less d. (Comparisons, not
		// min: no time is NaN, and min's care for NaN costs here.)
		next := a[ci].t
		if next > ms {
			next = ms
		}
		for {
			free, end := cpus, next
			if si < segs {
				free = fr[si]
				if ts[si+1] < next {
					end = ts[si+1]
				}
			}
			if v := free - d; v != last {
				outT, outF, last = append(outT, x), append(outF, v), v
			}
			if x = end; x >= next {
				break
			}
			si++
		}
	}
	if len(outF) > 0 {
		outT = append(outT, ms)
	} // else no segment is left (an empty queue, every running job ended)
	mp.ts = append(mp.ts[:0], outT...)
	mp.free = append(mp.free[:0], outF...)
	p.profTs, p.profFree = outT[:0], outF[:0]
}

// mergeChanges appends to dst the changes of a and b (each in order of
// time) in order of time.
func mergeChanges(dst, a, b []change) []change {
	for len(a) > 0 && len(b) > 0 {
		if b[0].t < a[0].t {
			dst, b = append(dst, b[0]), b[1:]
		} else {
			dst, a = append(dst, a[0]), a[1:]
		}
	}
	return append(append(dst, a...), b...)
}

// byTime orders two times for a sort. (Comparisons, not cmp.Compare: no
// time is NaN, and cmp.Compare's care for NaN costs in sorts of every
// change of a re-plan.)
func byTime(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// startAtOrAfter is the index of the first job of q from k on that
// starts at x or later (q is in order of start), or len(q). It gallops
// from k (1, 2, 4, ... jobs) before it bisects: the jobs replanHead
// passes over at one instant are few but for a run, and a new job goes
// near the front of a queue (insertGapAt).
func startAtOrAfter(q []Entry, k int, x float64) int {
	lo, hi := k, k+1
	for hi < len(q) && q[hi-1].Start < x {
		lo, hi = hi, hi+2*(hi-lo)
	}
	hi = min(hi, len(q))
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if q[h].Start < x {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return lo
}

// startAfter is the index of the first job of q from k on that starts
// after x, or len(q).
func startAfter(q []Entry, k int, x float64) int {
	return startAtOrAfter(q, k, math.Nextafter(x, math.Inf(1)))
}

// endsAfterStart says whether every job of a duration of at least
// shortest that starts by ms ends after its start: the duration is no
// less than the rounding step of a time as late as ms.
func endsAfterStart(shortest, ms float64) bool {
	return shortest >= math.Nextafter(ms, math.Inf(1))-ms
}

// endsAfterStarts says whether every job of the queue ends after its
// start, and will wherever replanHead moves it by the makespan: no job
// of a positive duration is too short for the rounding step there
// (endsAfterStart), and none of duration 0 waits in this queue. A
// zero-length job anywhere in a log must not turn the reading of only
// the jobs whose times may change off for good: on the first 100,000
// RICC-2010-2 jobs with one estimate set to 0, EG-EDF took 32.5 s of
// CPU, 18 times as long, when every later re-plan re-placed whole
// queues. The queue is read for such a job only once one was planned.
func (p *Plan) endsAfterStarts(mp *machPlan) bool {
	if !endsAfterStart(p.shortest, mp.makespan) {
		return false
	}
	if p.zeroLength {
		for i := range mp.queue {
			if !(mp.queue[i].End > mp.queue[i].Start) {
				return false
			}
		}
	}
	return true
}

// endsBy returns the number of the first jobs of queue q (in order of
// start) whose start plus dur is last or earlier. A job of the queue
// whose duration is at most dur ends by last if it is one of them: its
// end is its start plus its duration, rounded, and rounding keeps order.
func endsBy(q []Entry, last, dur float64) int {
	return sort.Search(len(q), func(i int) bool { return q[i].Start+dur > last })
}

// heldRun is jobs from..to-1 of a queue, held by the old profile to one
// end, and their CPUs (replanHead).
type heldRun struct {
	from, to, cpus int
	end            float64
}

// endsAt says whether an entry of q ends at t, looking from the back,
// where the latest ends are.
func endsAt(q []Entry, t float64) bool {
	for i := len(q) - 1; i >= 0; i-- {
		if q[i].End == t {
			return true
		}
	}
	return false
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
