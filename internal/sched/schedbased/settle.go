package schedbased

import (
	"math"
	"slices"
)

// A re-plan from the head of a queue (a job ended off plan, started off
// plan, or a planned start passed) re-places every queued job, though on a
// long queue most keep their times: the list rule places job k from the
// instant job k-1 starts and the jobs holding CPUs then, nothing else.
// So once job k-1 starts where it was planned, and every job whose times
// differ from the plan before the change (the one that ended or started,
// and the ones re-placed elsewhere) ends by that instant in both plans,
// the jobs holding CPUs from then on are the same, with the same ends,
// and every later job keeps its planned times: the re-placement settles
// there, and replanSettle stops.
//
// What the rest would have counted is known without placing it. place
// counts a step per job and one per job popped, and the jobs popped
// before the last job starts are exactly those that end by its start:
// the ones it holds at the stop, plus the rest but the last, less those
// still holding CPUs when the last job starts (the same jobs in both
// plans, counted by a scan of the ends). The profile from the stop on is
// the plan's before: the same jobs hold the same CPUs there; the part
// before it is rebuilt from the jobs placed.
//
// The plan before the change must be the list rule's, which holds but
// for a zero-length job under a gap (see the package's interpretations):
// a plan that ever held a zero-length job re-places the whole queue.
// Plan.direct re-places it always, so the lockstep tests compare the two.

// replanHead is replan(m, 0) after a change outside the queue whose jobs
// (added, removed or changed) all end by diff in the plans before and
// after it (-Inf when none), stopping where the placement settles.
func (p *Plan) replanHead(m int, diff float64) {
	mp := &p.ms[m]
	if p.direct || p.zeroSeen || len(mp.queue) == 0 || len(mp.free) == 0 {
		p.replan(m, 0)
		return
	}
	p.touch(mp)
	f, h0, used, act, ms := p.activeAt(m, 0, true) // ms: the running jobs' latest end
	h := &p.rheap
	h.reset(f)
	for _, it := range h0 {
		h.push(it)
	}
	q := mp.queue
	n := len(q)
	cpus := mp.cpus
	t := f
	w := int64(n)
	newLate := 0
	// A job keeping its lateness leaves the counts as they were; the
	// machine is marked once if any job placed was or is late, as
	// dropping and adding each would mark it.
	marked := false
	// The ends of the jobs placed and held, sorted by time, for the
	// profile: the pops come in order (a job placed ends after every
	// job popped before it), then the jobs still held.
	ends := p.profEnds[:0]
	stop := n      // the first job not re-placed
	moved := false // job k-1 was re-placed elsewhere
	for k := range q {
		e := &q[k]
		// Job k-1 starts as planned at t, every difference has ended by
		// then, and the plan's profile holds t (it ends at the makespan,
		// after job k-1's end).
		if k > 0 && !moved && diff <= t && t >= mp.ts[0] && t < mp.makespan {
			stop = k
			break
		}
		wasLate := e.Job.Late(e.End)
		for h.len() > 0 && (h.min().end <= t || cpus-used < e.Job.CPUs) {
			it := h.pop()
			used -= it.cpus
			t = max(t, it.end)
			w++
			ends = append(ends, endEv{it.end, it.cpus})
		}
		oldStart, oldEnd := e.Start, e.End
		e.Start, e.End = t, t+p.Duration(e.Job, m)
		if moved = e.Start != oldStart; moved {
			diff = max(diff, oldEnd, e.End)
		}
		h.push(endItem{e.End, e.Job.CPUs})
		used += e.Job.CPUs
		ms = max(ms, e.End)
		isLate := e.Job.Late(e.End)
		if isLate {
			newLate++
		}
		if wasLate || isLate {
			marked = true
			p.relate(mp, wasLate, isLate)
		}
	}
	if marked {
		p.lateChanged(mp)
	}
	if stop == n {
		h.each(func(it endItem) { ends = append(ends, endEv{it.end, it.cpus}) })
		slices.SortFunc(ends[len(ends)-h.len():], byTime)
		p.profEnds = ends
		p.work += w
		p.makespanIs(m, ms) // every entry's end has been seen
		p.rebuildProfileFrom(m, f, act, q, ends)
		return
	}
	// The profile is rebuilt before the stop only, where the jobs still
	// held play no part: one end after all stands for them, so that the
	// walk goes past the stop.
	heldCPUs := 0
	h.each(func(it endItem) { heldCPUs += it.cpus })
	ends = append(ends, endEv{math.Inf(1), heldCPUs})
	p.profEnds = ends
	// The jobs popped before the last starts: those held at the stop and
	// the rest but the last, less those ending after its start.
	last := q[n-1].Start
	held := 0
	for _, list := range [2][]Entry{mp.running, q[:n-1]} {
		for i := range list {
			if list[i].End > last {
				held++
			}
		}
	}
	w += int64(h.len() + n - 1 - stop - held)
	p.work += w
	p.settled++
	if mp.lateQ > newLate {
		p.lateChanged(mp) // the full re-placement drops and adds the late jobs of the rest
	}
	p.spliceProfile(mp, f, act, q[:stop], q[stop-1].Start, ends)
	p.work += int64(len(act) + 2*n) // profileOf's count for the whole queue
	// The makespan is as it was: job stop-1 ends after the stop, so the
	// latest end is of a job whose times did not change.
	p.profileChanged(m)
}

// spliceProfile rebuilds machine mp's profile on [f, s) from the jobs
// active at f and the placed jobs seq (their ends sorted by time in
// ends), keeping it before f and from s on.
func (p *Plan) spliceProfile(mp *machPlan, f float64, act, seq []Entry, s float64, ends []endEv) {
	// The old profile from s on, kept aside (s lies within it).
	j, found := slices.BinarySearch(mp.ts, s)
	if !found {
		j--
	}
	p.tailTs = append(p.tailTs[:0], mp.ts[j+1:]...)
	p.tailFree = append(p.tailFree[:0], mp.free[j:]...)
	keepEnd := min(f, mp.makespan)
	k := 0
	for k < len(mp.free) && mp.ts[k] < keepEnd {
		k++
	}
	mp.ts, mp.free = mp.ts[:k], mp.free[:k]
	p.profTs, p.profFree = profileWalk(mp.cpus, f, act, seq, ends, p.profTs, p.profFree)
	for i, fr := range p.profFree {
		if p.profTs[i] >= s {
			break
		}
		mp.ts = append(mp.ts, p.profTs[i])
		mp.free = append(mp.free, fr)
	}
	mp.ts = append(mp.ts, s)
	mp.ts = append(mp.ts, p.tailTs...)
	mp.free = append(mp.free, p.tailFree...)
	mp.normalize()
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

func byTime(a, b endEv) int {
	switch {
	case a.t < b.t:
		return -1
	case a.t > b.t:
		return 1
	}
	return 0
}
