package schedbased

import (
	"math"
	"sort"
)

// A job without a deadline goes, by EDF, to the end of its machine's
// queue, where nothing is re-placed after it: it starts at the first
// instant from the last queued job's start (now, if none waits) at which
// enough CPUs are free, and from that start on only the jobs holding CPUs
// then count. The machine's profile says where that is without reading the
// queue (its free CPUs from that start on are those the jobs then holding
// CPUs leave), and the job is added to the profile where it holds, rather
// than the profile rebuilt from that start. Only the work counted (a step
// per job ending by the new start, and per job then holding CPUs) reads
// the jobs, from the first that may still hold CPUs then (endsBy). Traces'
// jobs have no deadline: on the first 100,000 RICC-2010-2 jobs, evaluating
// that insertion from the prefixes (edfCandidate) and re-placing the
// queue's end (InsertAt) took 12% of EG-EDF's CPU. Over the first 400,000
// it is asked 40,504 times, 28,332 of them with the queue empty.

// tailFit is where a job goes at the end of a machine's queue: its start
// t, and the counts of the running and queued jobs (endCount) from the
// last queued job's start to t.
type tailFit struct {
	t float64
	endCount
}

// endCount counts jobs by their ends for the work of a full re-placement:
// the latest end (last), the jobs holding CPUs at an instant f (act) and
// those of them that end by a later instant t (pops, place's count).
type endCount struct {
	last      float64
	act, pops int
}

// add counts the jobs of list (comparisons, not max: no time is NaN, and
// max's care for NaN and signed zeros costs in loops over every job).
func (c *endCount) add(list []Entry, f, t float64) {
	for i := range list {
		end := list[i].End
		if end > c.last {
			c.last = end
		}
		if end > f {
			c.act++
			if end <= t {
				c.pops++
			}
		}
	}
}

// addEnds is add for jobs whose ends are ends, in order: read by
// halving. The running jobs' ends are counted at every re-plan from the
// head of a queue: read one by one from the entries, they took 5% of
// EG-EDF's CPU on the first 100,000 and 400,000 RICC-2010-2 jobs.
func (c *endCount) addEnds(ends []float64, f, t float64) {
	n := len(ends)
	if n == 0 {
		return
	}
	if last := ends[n-1]; last > c.last {
		c.last = last
	}
	byF := atOrBefore(ends, f)
	c.act += n - byF // the ends after f
	if t > f {
		c.pops += atOrBefore(ends, t) - byF
	}
}

// atOrBefore returns the number of the sorted times ends at or before t.
func atOrBefore(ends []float64, t float64) int {
	return sort.SearchFloat64s(ends, math.Nextafter(t, math.Inf(1)))
}

// tailFitOf is the tailFit of a job of need CPUs and duration dur at the
// end of machine m's queue, or false where the profile cannot tell it
// (a zero-length job, the last start in the past, no job holding CPUs
// after it, a profile that does not end at the latest end): then the
// caller re-places the queue's end as before. An empty queue's end is
// now.
func (p *Plan) tailFitOf(m, need int, dur float64) (tailFit, bool) {
	mp := &p.ms[m]
	q, ts, fr := mp.queue, mp.ts, mp.free
	n, segs := len(q), len(mp.free)
	if p.direct || !(dur > 0) || segs == 0 {
		return tailFit{}, false
	}
	f := p.now // (an empty queue: from now)
	if n > 0 {
		f = q[n-1].Start
	}
	if f < p.now || ts[0] > f || !(ts[segs] > f) {
		return tailFit{}, false
	}
	// The segment holding f, then the first one from there with need
	// CPUs free: its start is where the jobs holding CPUs at f leave
	// enough (after the profile's end, every CPU is free).
	i := sort.SearchFloat64s(ts[:segs], f)
	if i == segs || ts[i] != f {
		i--
	}
	t := f
	for i < segs && fr[i] < need {
		i++
		t = ts[i]
	}
	a := tailFit{t: t}
	a.addEnds(mp.runEnds, f, t)
	a.add(q[endsBy(q, f, p.longest):], f, t)
	if ts[segs] != a.last {
		return tailFit{}, false
	}
	return a, true
}

// appendTail puts job id at the end of machine m's queue where tailFitOf
// found it goes (a), as InsertAt followed by replan would: the same plan,
// profile and work.
func (p *Plan) appendTail(m, id int, j Job, a tailFit) {
	mp := &p.ms[m]
	p.touch(mp)
	n := len(mp.queue)
	e := Entry{ID: id, Job: j, Start: a.t, End: a.t + p.Duration(j, m)}
	mp.insert(n, e)
	p.where[id] = m
	p.count++
	p.add(mp, e, true)
	// activeAt's count, place's (the job and its pops), and the
	// profile's (the jobs active at the last start, the job twice).
	p.work += int64(len(mp.running)+n) + 1 + int64(a.pops) + int64(a.act) + 2
	if e.End > mp.ts[len(mp.ts)-1] {
		mp.ts = append(mp.ts, e.End)
		mp.free = append(mp.free, mp.cpus)
	}
	mp.occupy(e.Start, e.End, j.CPUs)
	p.makespanIs(m, max(a.last, e.End))
}

// noDeadline says the job has none: EDF puts it at the end of any queue.
func noDeadline(j Job) bool { return math.IsInf(j.Deadline, 1) }
