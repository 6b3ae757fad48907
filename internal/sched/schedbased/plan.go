package schedbased

import (
	"fmt"
	"math"
	"slices"
)

// Job is what the plan needs to know about one job. Run is measured on a
// machine of the plan's reference speed and is taken as exact.
type Job struct {
	Submit   float64
	Run      float64 // at the reference speed
	CPUs     int
	Deadline float64 // math.Inf(1) when the job has no deadline
}

// Late reports whether the job misses its deadline when it ends at end.
func (j Job) Late(end float64) bool { return end > j.Deadline }

// Machine is one space-shared machine.
type Machine struct {
	CPUs  int
	Speed float64
}

// Entry is one job of the plan: planned (queued) or already running.
type Entry struct {
	ID         int
	Job        Job
	Start, End float64
	// before is, in a queue, the CPUs of the jobs before it plus a
	// number of the queue's own: the next entry's before is this one's
	// plus its CPUs, so the CPUs of a stretch of the queue are one
	// difference (cpusIn). A running job's is left as it was.
	before int
}

// Gap is a rectangle of idle CPUs in a machine's plan: CPUs free on
// [Start, End). The gaps of a machine are the segments of its free-CPU
// profile between the current time and the machine's makespan; idle CPUs
// after the makespan are "the end of the schedule", not a gap.
type Gap struct {
	Start, End float64
	CPUs       int
}

// machPlan is one machine's part of the schedule.
//
// The queue is the paper's linear list: job k starts at the earliest time
// t >= max(now, start of job k-1) at which enough CPUs are free given the
// running jobs and jobs 0..k-1. Because every earlier job starts no later
// than t, usage can only fall after t, so "free at t" suffices. The plan is
// therefore a pure function of (running jobs, queue order, now); every
// incremental operation below must give exactly that function's value, which
// the naive twin in the tests checks.
type machPlan struct {
	idx     int // the machine's index in the plan
	cpus    int
	speed   float64
	running []Entry
	// runEnds are the running jobs' planned ends, in order (endCount
	// reads them rather than the running jobs).
	runEnds []float64
	queue   []Entry
	// qbuf is the array insert last gave the queue, from its first
	// element: while the queue still lies in it (see room), the entries
	// before the queue are free for the queue to grow into.
	qbuf []Entry
	// Free-CPU profile: segment i is [ts[i], ts[i+1]) with free[i] idle CPUs;
	// len(ts) == len(free)+1 unless empty; ts[len(ts)-1] is the makespan.
	// Canonical: no empty segments, no two neighbours with equal free.
	ts       []float64
	free     []int
	makespan float64 // max End over running and queue; 0 when empty
	late     int     // entries (running and queued) that miss their deadline
	lateQ    int     // queued entries that miss their deadline
	// qstamp changes whenever the running jobs or the queue change,
	// pstamp whenever the profile does, but for its start moving with the
	// clock (memo.go); restore puts back the stamps it saved, with the
	// state they stand for.
	qstamp, pstamp uint64
	// Memos and prefixes live apart (allocated on first use), so that the
	// loops over every machine touch little memory.
	memo   *machMemo
	prefix *prefixes
	// tailAsked is the qstamp at which edfCandidate last placed a job
	// without a deadline from the profile (tail.go).
	tailAsked uint64
	// pops is replanHead's count of the queued jobs, but the last, that
	// end by the last one's start, for the queue of stamp popsAt (a stamp
	// stands for one queue, restored or not): see popsKept.
	pops   int
	popsAt uint64
}

// Plan is the whole schedule: one machPlan per machine, plus the logical
// time. It is a pure data structure: no clock, no randomness.
//
// Plan panics with a "schedbased:" prefix when misused (unknown job,
// duplicate id, a job needing more CPUs than the machine has); these are
// programming errors of the caller, never bad user input.
type Plan struct {
	ref float64
	// maxSpeed is the fastest machine's speed: a job's shortest duration
	// anywhere is its run time × ref / maxSpeed.
	maxSpeed float64
	// slowest is the slowest machine: a job's longest duration anywhere
	// is its duration there (or its run time, where that is as slow as
	// the reference).
	slowest int
	now     float64
	ms      []machPlan
	where   map[int]int // job id -> machine
	work    int64
	// scratch storage reused across operations
	hbuf    endHeap
	sortBuf []endItem
	actBuf  []Entry
	seqBuf  []Entry
	// replan's profile under construction
	profTs   []float64
	profFree []int
	profEnds []endEv
	// replanHead's (settle.go): the changes waiting to be reached, every
	// change, the jobs the old profile holds, and the change recorded by
	// changeBefore for machine pendM (-1: none).
	rheap, hheap          radixHeap
	held                  []heldRun
	changes, back, starts []change
	merged                []change // subtract's a and b in one list
	pend                  []change
	pendM                 int
	// longest is the longest duration of any job ever planned, on any
	// machine (jobs move between machines): every entry ends at most
	// longest after its start (replanHead's count, settle.go).
	longest float64
	// shortest is the shortest positive duration of any job ever
	// planned, on the machine it was planned on: every entry but a
	// zero-length one ends after its start while the plan's times are
	// below the one whose rounding step it is. zeroLength says a job of
	// duration 0 was ever planned. Where a queued job may not end after
	// its start (endsAfterStarts), replanHead re-places the whole queue
	// (settle.go).
	shortest   float64
	zeroLength bool
	// settled counts the re-plans that stopped where the placement
	// settled (settle.go), for the tests.
	settled int64
	// objective caches
	nondelayed int // entries of the plan that meet their deadline
	count      int
	// mkTree is a max tournament tree over the machines' makespans (leaf
	// of machine m at mkLeaves+m, node i = max of 2i and 2i+1), so the
	// plan's makespan is mkTree[1] and a machine's change costs O(log m):
	// Tabu asks for the objective twice per iteration.
	mkTree   []float64
	mkLeaves int
	mkDepth  int64 // levels above the leaves
	snap     snapshot
	// busy has a bit set for every machine that may have a profile or
	// queued jobs (set by every change, cleared by Advance when neither).
	busy []uint64
	// heads indexes the machines by their queue's first start (heads.go).
	heads heads
	// alias is the machine that reads a move memo's storage (memo.go).
	alias alias
	// stamp is the last state stamp issued; gstamp stands for the state
	// of the whole plan (every machine and the clock), see memo.go.
	stamp, gstamp uint64
	// lateMarks counts the calls of lateChanged, so a memo can tell
	// whether an operation marked its machine.
	lateMarks int64
	// direct turns the memos off (memo.go): the tests run both ways in
	// lockstep.
	direct bool
	// memoHits counts the answers taken from memos (removals evaluated,
	// removals made, machines tested) and from the prefixes (insertions
	// evaluated, prefix.go), for the tests.
	memoHits [4]int64
	// src indexes the machines by late queued jobs for Tabu (sources.go),
	// gaps by where their first gap of each width starts (gapindex.go).
	src  sources
	gaps gapIndex
}

// snapshot is one machine's queue and profile saved by save, so that a
// rejected Tabu move is undone by copying them back (restore).
type snapshot struct {
	m                 int
	held              bool // queue, ts and free hold machine m at stamps qstamp, pstamp and time now
	now               float64
	qstamp, pstamp    uint64
	gstamp            uint64
	queue             []Entry
	ts                []float64
	free              []int
	makespan          float64
	late, lateQ       int
	nondelayed, count int
}

// NewPlan returns an empty plan at time 0. refSpeed is the speed at which
// job run times are measured; 0 means 1.
func NewPlan(machines []Machine, refSpeed float64) *Plan {
	if refSpeed == 0 {
		refSpeed = 1
	}
	p := &Plan{ref: refSpeed, ms: make([]machPlan, len(machines)), where: map[int]int{}, pendM: -1, shortest: math.Inf(1)}
	p.mkLeaves = 1
	for p.mkLeaves < len(machines) {
		p.mkLeaves *= 2
		p.mkDepth++
	}
	p.mkTree = make([]float64, 2*p.mkLeaves) // all makespans 0
	p.busy = make([]uint64, (len(machines)+63)/64)
	p.heads = newHeads(len(machines))
	for i, m := range machines {
		if m.CPUs < 1 || !(m.Speed > 0) {
			panic(fmt.Sprintf("schedbased: machine %d has %d CPUs and speed %v", i, m.CPUs, m.Speed))
		}
		p.ms[i] = machPlan{idx: i, cpus: m.CPUs, speed: m.Speed}
		p.maxSpeed = max(p.maxSpeed, m.Speed)
		if m.Speed < machines[p.slowest].Speed {
			p.slowest = i
		}
		p.touch(&p.ms[i])
	}
	p.src = newSources(len(machines))
	p.gaps = newGapIndex(p.ms)
	return p
}

// Duration is the job's run time on machine m. It is computed exactly as
// sim.Platform.Scale does, so planned and simulated end times are equal
// floats and the plan holds without drift.
func (p *Plan) Duration(j Job, m int) float64 {
	if s := p.ms[m].speed; s != p.ref {
		return j.Run * p.ref / s
	}
	return j.Run
}

// Machines returns the number of machines.
func (p *Plan) Machines() int { return len(p.ms) }

// CPUs returns the CPU count of machine m.
func (p *Plan) CPUs(m int) int { return p.ms[m].cpus }

// Now returns the plan's logical time.
func (p *Plan) Now() float64 { return p.now }

// Work returns the number of elementary steps done so far: profile segments
// examined, queue positions examined and job placements recomputed. It is
// deterministic, so it stands beside wall-clock time per decision.
func (p *Plan) Work() int64 { return p.work }

// Len returns the number of jobs in the plan (running and queued).
func (p *Plan) Len() int { return p.count }

// Objective returns the paper's two criteria of the whole plan: the
// makespan (latest planned end, 0 when empty) and the number of jobs of the
// plan that meet their deadline (jobs without a deadline always do).
func (p *Plan) Objective() (makespan float64, nondelayed int) {
	return p.mkTree[1], p.nondelayed
}

// setMakespan records machine m's makespan in the tournament tree. Every
// change of a machine's makespan goes through recomputeMakespan, which
// calls it.
func (p *Plan) setMakespan(m int) {
	i := p.mkLeaves + m
	p.mkTree[i] = p.ms[m].makespan
	for i > 1 {
		i /= 2
		v := max(p.mkTree[2*i], p.mkTree[2*i+1])
		if p.mkTree[i] == v {
			return // the maxima above are unchanged too
		}
		p.mkTree[i] = v
	}
}

// Queue returns a copy of machine m's planned (not yet started) jobs in
// list order.
func (p *Plan) Queue(m int) []Entry { return slices.Clone(p.ms[m].queue) }

// Running returns a copy of machine m's running jobs.
func (p *Plan) Running(m int) []Entry { return slices.Clone(p.ms[m].running) }

// Gaps returns machine m's gaps from the current time on.
func (p *Plan) Gaps(m int) []Gap {
	mp := &p.ms[m]
	var g []Gap
	for i, f := range mp.free {
		a, b := max(mp.ts[i], p.now), mp.ts[i+1]
		if f > 0 && b > a {
			g = append(g, Gap{a, b, f})
		}
	}
	return g
}

// LateQueued returns the number of machine m's queued jobs that miss their
// deadline in the plan.
func (p *Plan) LateQueued(m int) int { return p.ms[m].lateQ }

// Locate returns where job id is: its machine, its position in the queue
// (-1 when running) and whether it is in the plan at all.
func (p *Plan) Locate(id int) (m, pos int, ok bool) {
	m, ok = p.where[id]
	if !ok {
		return -1, -1, false
	}
	mp := &p.ms[m]
	for k := range mp.queue {
		if mp.queue[k].ID == id {
			return m, k, true
		}
	}
	return m, -1, true
}

// Advance moves the plan's time forward to now (earlier times are ignored).
// With exact run times the plan is unchanged; if a queued job should
// already have started but has not (its planned instant passed without a
// scheduling pass), its machine is re-planned from now.
func (p *Plan) Advance(now float64) {
	if now <= p.now && !(p.count == 0 && now < p.now) {
		return // an empty plan may also move back: a run starting before 0
	}
	p.now = now
	p.stamp++
	p.gstamp = p.stamp
	for m := range p.busyMachines() {
		mp := &p.ms[m]
		if len(mp.ts) == 0 {
			if len(mp.queue) == 0 {
				p.idle(m) // nothing to trim or to re-plan until it changes
				// Nor any memo or prefix to read: the machine's next
				// state is new (memo.go's bounds).
				mp.memo, mp.prefix = nil, nil
				continue
			}
		} else if len(mp.free) > 0 && mp.ts[1] > now {
			// No segment lies wholly in the past: only the first starts
			// later. (No new stamp: what depends on the profile's start
			// is memoised with the clock.)
			mp.ts[0] = max(mp.ts[0], now)
		} else {
			p.trim(mp, now)
		}
		if len(mp.queue) > 0 && mp.queue[0].Start < now {
			p.replanHead(m) // only the clock moved
		}
	}
}

// trim drops the profile segments of machine mp that lie wholly before
// now and starts the first at now.
func (p *Plan) trim(mp *machPlan, now float64) {
	k := 0
	for k < len(mp.free) && mp.ts[k+1] <= now {
		k++
	}
	if k == len(mp.free) {
		if len(mp.ts) > 0 {
			p.touchProfile(mp)
		}
		mp.ts, mp.free = mp.ts[:0], mp.free[:0]
		return
	}
	if k > 0 {
		mp.ts = mp.ts[k:]
		mp.free = mp.free[k:]
	}
	if k > 0 || mp.ts[0] < now {
		p.touchProfile(mp)
	}
	mp.ts[0] = max(mp.ts[0], now)
}

// earliestGap finds the earliest start t >= max(now, submit) at which job
// fits in machine m's gaps: enough free CPUs over [t, t+dur) and t+dur no
// later than the machine's makespan.
func (p *Plan) earliestGap(m int, j Job, dur float64) (float64, bool) {
	return p.earliestGapBy(m, j, dur, p.ms[m].makespan)
}

// earliestGapBy is earliestGap for a caller that only wants a gap whose
// job ends by limit as well (Tabu, when only an on-time move can be
// accepted). When the earliest gap ends by limit the answer is the same as
// earliestGap's; otherwise it is ok == false, found without scanning the
// rest of the profile: later starts end later still.
func (p *Plan) earliestGapBy(m int, j Job, dur, limit float64) (float64, bool) {
	mp := &p.ms[m]
	if j.CPUs > mp.cpus {
		return 0, false
	}
	limit = min(limit, mp.makespan)
	lb := max(p.now, j.Submit)
	ts, free := mp.ts, mp.free
	if len(free) > 0 {
		ts = ts[:len(free)+1] // (bounds checks)
	}
	i := 0
	if len(free) > 3 && j.CPUs > 0 && !p.direct {
		// The segments before the first with enough free CPUs are
		// skipped by the scan below, a step each (prefix.go; a short
		// profile is scanned at once).
		if fi, ok := mp.prefix.fitted(mp.pstamp, j.CPUs); ok {
			i = fi
		} else {
			i = p.firstFit(m, j.CPUs)
		}
	}
	w := int64(i) // the work, counted locally
	for i < len(free) {
		w++
		if ts[i+1] <= lb || free[i] < j.CPUs {
			i++
			continue
		}
		t := max(ts[i], lb)
		end := t + dur
		if end > limit {
			p.work += w
			return 0, false // later starts end later still
		}
		// end <= limit <= makespan == ts[n], so k stays below n.
		k := i
		for free[k] >= j.CPUs {
			if ts[k+1] >= end {
				p.work += w
				return t, true
			}
			k++
			w++
		}
		i = k + 1 // segment k is too full: no start before its end fits
	}
	p.work += w
	return 0, false
}

// EarliestGap returns the start of the earliest gap of machine m that can
// hold job j, or ok == false.
func (p *Plan) EarliestGap(m int, j Job) (start float64, ok bool) {
	return p.earliestGap(m, j, p.Duration(j, m))
}

// InsertGap places job id into the earliest gap of machine m that holds it
// and reports whether there was one. Other jobs keep their times.
func (p *Plan) InsertGap(m, id int, j Job) bool {
	p.checkNew(m, id, j)
	dur := p.Duration(j, m)
	t, ok := p.earliestGap(m, j, dur)
	if !ok {
		return false
	}
	p.insertGapAt(m, id, j, t, dur)
	return true
}

// insertGapAt places job id at time t on machine m, where a gap holds it.
func (p *Plan) insertGapAt(m, id int, j Job, t, dur float64) {
	mp := &p.ms[m]
	kept := p.popsKept(mp)
	p.touch(mp)
	e := Entry{ID: id, Job: j, Start: t, End: t + dur}
	// After all queued jobs starting no later than t, so list order stays
	// start order and a recomputation from scratch gives the same times.
	// Found by halving; the work counted is the walk back from the end.
	pos := startAfter(mp.queue, 0, t)
	p.work += int64(len(mp.queue) - pos)
	// The count of replanHead (popsKept): the job counts if it ends by
	// the last job's start; a job after the last at its start leaves the
	// count as it is, as the last job ends after it (but for one of
	// length 0); another new last job has the queue counted anew.
	if n := len(mp.queue); n == 0 {
		p.popsAre(mp, 0)
	} else if l := &mp.queue[n-1]; kept && pos < n {
		if e.End <= l.Start {
			mp.pops++
		}
		p.popsAre(mp, mp.pops)
	} else if kept && t == l.Start && l.End > t {
		p.popsAre(mp, mp.pops)
	}
	mp.insert(pos, e)
	mp.occupy(t, e.End, j.CPUs)
	p.where[id] = m
	p.count++
	p.add(mp, e, true)
}

// insert puts e at position pos of the queue, moving the entries before
// pos one place towards the front where there is room there (the jobs
// started leave it, see Start) and they are fewer than those after it,
// else those after it one place back. New jobs mostly go into gaps near
// the queue's front: on the first 400,000 RICC-2010-2 jobs, moving the
// entries after them took 11% of EG-EDF's CPU.
func (mp *machPlan) insert(pos int, e Entry) {
	q := mp.queue
	c := e.Job.CPUs
	if n := len(q); pos < n-pos {
		e.before = q[pos].before - c
		for i := range q[:pos] {
			q[i].before -= c
		}
	} else if pos > 0 {
		e.before = q[pos-1].before + q[pos-1].Job.CPUs
		for i := range q[pos:] {
			q[pos+i].before += c
		}
	} else {
		e.before = 0
	}
	if o := mp.room(); o > 0 && pos < len(q)-pos {
		q = mp.qbuf[o-1 : o+len(q)]
		copy(q, q[1:pos+1])
		q[pos] = e
		mp.queue = q
		return
	}
	if len(q) < cap(q) {
		mp.queue = slices.Insert(q, pos, e)
		return
	}
	// A new array, with as much room before the queue as after it.
	n := len(q) + 1
	buf := make([]Entry, 2*n+8)
	o := (len(buf) - n) / 2
	q2 := buf[o : o+n]
	copy(q2, q[:pos])
	q2[pos] = e
	copy(q2[pos+1:], q[pos:])
	mp.queue, mp.qbuf = q2, buf
}

// remove takes the entry at pos out of the queue, adjusting the CPUs
// before the entries on the shorter side, as insert does.
func (mp *machPlan) remove(pos int) {
	q := mp.queue
	c := q[pos].Job.CPUs
	if pos < len(q)-1-pos {
		for i := range q[:pos] {
			q[i].before += c
		}
	} else {
		for i := range q[pos+1:] {
			q[pos+1+i].before -= c
		}
	}
	mp.queue = slices.Delete(q, pos, pos+1)
}

// cpusIn returns the CPUs of the jobs a to b-1 of queue q (a < b).
func cpusIn(q []Entry, a, b int) int {
	if b < len(q) {
		return q[b].before - q[a].before
	}
	l := &q[len(q)-1]
	return l.before + l.Job.CPUs - q[a].before
}

// room returns how many entries of qbuf lie before the queue, 0 when the
// queue no longer lies in qbuf (it was given other storage since).
func (mp *machPlan) room() int {
	q, b := mp.queue, mp.qbuf
	o := cap(b) - cap(q)
	if cap(q) == 0 || o <= 0 || o >= cap(b) || &b[:cap(b)][o] != &q[:1][0] {
		return 0
	}
	return o
}

// EDFPos returns the EDF position for job j in machine m's queue: the index
// of the first queued job whose deadline is later than j's.
func (p *Plan) EDFPos(m int, j Job) int {
	if !p.direct {
		return p.edfPos(m, j.Deadline)
	}
	return p.edfPosDirect(m, j.Deadline)
}

// edfPosDirect is EDFPos by a scan of the queue.
func (p *Plan) edfPosDirect(m int, d float64) int {
	q := p.ms[m].queue
	for k := range q {
		if q[k].Job.Deadline > d {
			p.work += int64(k + 1)
			return k
		}
	}
	p.work += int64(len(q))
	return len(q)
}

// InsertAt inserts job id into machine m's queue at position pos, shifting
// the jobs from pos on (they are re-planned; earlier ones are untouched).
func (p *Plan) InsertAt(m, pos, id int, j Job) {
	p.checkNew(m, id, j)
	mp := &p.ms[m]
	if pos == len(mp.queue) && noDeadline(j) {
		if a, ok := p.tailFitOf(m, j.CPUs, p.Duration(j, m)); ok {
			p.appendTail(m, id, j, a)
			return
		}
	}
	p.touch(mp)
	e := Entry{ID: id, Job: j}
	mp.insert(pos, e)
	p.where[id] = m
	p.count++
	p.add(mp, e, true) // replan drops the placeholder times again
	p.replan(m, pos)
}

// Remove takes queued job id out of the plan and returns the job, its
// machine and its former position. Running jobs cannot be removed.
func (p *Plan) Remove(id int) (j Job, m, pos int) {
	m, pos, ok := p.Locate(id)
	if !ok || pos < 0 {
		panic(fmt.Sprintf("schedbased: Remove(%d): not a queued job", id))
	}
	mp := &p.ms[m]
	p.touch(mp)
	e := mp.queue[pos]
	p.drop(mp, e, true)
	mp.remove(pos)
	delete(p.where, id)
	p.count--
	if pos == len(mp.queue) && e.End > e.Start {
		// The last job (Tabu's usual pick): no job is planned behind it,
		// so nothing moves and handing its CPUs back to the profile gives
		// what replan would, without rebuilding the profile. (A
		// zero-length job holds no CPU time in the profile; replan it.)
		mp.release(e.Start, e.End, e.Job.CPUs)
		p.work += int64(len(mp.free))
		p.recomputeMakespan(m)
		return e.Job, m, pos
	}
	p.replan(m, pos)
	return e.Job, m, pos
}

// save keeps a copy of machine m's queue, profile and counts, and the
// plan's, for restore. Only one snapshot is kept.
func (p *Plan) save(m int) {
	mp, s := &p.ms[m], &p.snap
	// A rejected move leaves the machine as it was: the next save of it
	// finds its copy still held (the stamps say so) and copies nothing.
	if p.direct || !s.held || s.m != m || s.qstamp != mp.qstamp || s.pstamp != mp.pstamp || s.now != p.now {
		s.queue = append(s.queue[:0], mp.queue...)
		s.ts = append(s.ts[:0], mp.ts...)
		s.free = append(s.free[:0], mp.free...)
	}
	s.m, s.held = m, true
	s.qstamp, s.pstamp, s.gstamp, s.now = mp.qstamp, mp.pstamp, p.gstamp, p.now
	s.makespan, s.late, s.lateQ = mp.makespan, mp.late, mp.lateQ
	s.nondelayed, s.count = p.nondelayed, p.count
	p.work += int64(len(mp.queue) + len(mp.ts))
}

// restore puts back the snapshot taken by save. Between the two, only
// queued job id of the saved machine may have been removed (Remove); it is
// put back where it was.
func (p *Plan) restore(id int) {
	s := &p.snap
	m := s.m
	mp := &p.ms[m]
	if a := &p.alias; a.on && a.m == m {
		// The machine's own storage still holds the saved state.
		mp.queue, mp.ts, mp.free = a.queue, a.ts, a.free
		a.on = false
	} else {
		mp.queue = append(mp.queue[:0], s.queue...)
		mp.ts = append(mp.ts[:0], s.ts...)
		mp.free = append(mp.free[:0], s.free...)
	}
	mp.makespan, mp.late, mp.lateQ = s.makespan, s.late, s.lateQ
	mp.qstamp, mp.pstamp, p.gstamp = s.qstamp, s.pstamp, s.gstamp
	p.lateChanged(mp)
	p.profileChanged(m)
	p.nondelayed, p.count = s.nondelayed, s.count
	p.where[id] = m
	p.setMakespan(m)
	p.work += int64(len(mp.queue) + len(mp.ts))
}

// Due returns the ids of machine m's queued jobs planned to start at or
// before now, in list order (always a prefix of the queue).
func (p *Plan) Due(m int) []int { return p.dueAppend(nil, m) }

// dueAppend appends Due(m) to ids (the adapter's buffer, kept from pass
// to pass: a new slice at every pass was 42% of the bytes EG-EDF
// allocated on the first 100,000 RICC-2010-2 jobs).
func (p *Plan) dueAppend(ids []int, m int) []int {
	for _, e := range p.ms[m].queue {
		if e.Start > p.now {
			break
		}
		ids = append(ids, e.ID)
	}
	return ids
}

// Start marks queued job id as running from now on. It must be the first
// job of its machine's queue (start Due jobs in order).
func (p *Plan) Start(id int) {
	m, pos, ok := p.Locate(id)
	if !ok || pos != 0 {
		panic(fmt.Sprintf("schedbased: Start(%d): not the head of a queue", id))
	}
	mp := &p.ms[m]
	kept := p.popsKept(mp)
	p.touch(mp)
	e := mp.queue[0]
	if kept { // (the job counts if another job is last and it ends by its start)
		if n := len(mp.queue); n >= 2 && e.End <= mp.queue[n-1].Start {
			mp.pops--
		}
		p.popsAre(mp, mp.pops)
	}
	mp.queue = mp.queue[1:]
	if j := e.Job; j.Late(e.End) {
		mp.lateQ--
		p.lateChanged(mp)
	}
	if e.Start == p.now {
		mp.running = append(mp.running, e)
		mp.addRunEnd(e.End)
		return
	}
	// The job starts off plan (late pass or a caller's choice): re-plan.
	p.drop(mp, e, false)
	p.changeBefore(m, e.Start, e.End, -e.Job.CPUs)
	e.Start, e.End = p.now, p.now+p.Duration(e.Job, m)
	p.changeBefore(m, e.Start, e.End, e.Job.CPUs)
	mp.running = append(mp.running, e)
	mp.addRunEnd(e.End)
	p.add(mp, e, false)
	p.replanHead(m)
}

// Complete removes running job id, which ended at time t, and moves the
// clock to t. When t is before its planned end its machine is re-planned;
// otherwise nothing else changes (a job that ran past its planned end
// held CPUs the profile freed when the clock passed that end).
func (p *Plan) Complete(id int, t float64) {
	p.retire(id, math.NaN(), t)
	p.settle(t)
}

// retire is Complete but for moving the clock to t and the re-plan: it
// returns the job's machine and planned end. If the job ended before its
// planned end, the change waits for that machine's re-plan (pendM).
// Until the re-plan (settle), the plan may only retire more jobs of the
// same machine (changeBefore records one machine's changes), which the
// one re-plan then covers too: the list rule's plan depends on the
// running jobs, the queue and the clock alone. start, when known (not
// NaN), is when the job started: see runningIndex.
func (p *Plan) retire(id int, start, t float64) (m int, planned float64) {
	m, ok := p.where[id]
	k := -1
	if ok {
		k = p.runningIndex(m, id, start)
	}
	if k < 0 {
		panic(fmt.Sprintf("schedbased: Complete(%d): not a running job", id))
	}
	mp := &p.ms[m]
	kept := p.popsKept(mp)
	p.touch(mp)
	if kept {
		p.popsAre(mp, mp.pops) // (the queue is unchanged)
	}
	e := mp.running[k]
	mp.running = slices.Delete(mp.running, k, k+1)
	mp.dropRunEnd(e.End)
	delete(p.where, id)
	p.count--
	p.drop(mp, e, false)
	// The profile holds the job's CPUs until e.End: the re-plan, in
	// settle or in Advance, frees them from t on. A job that outlived
	// its planned end held CPUs the profile had freed already at the
	// clock's last move: the plan stays as it is.
	p.changeBefore(m, t, e.End, -e.Job.CPUs)
	if e.End <= t && mp.makespan == e.End {
		p.recomputeMakespan(m)
	}
	return m, e.End
}

// addRunEnd and dropRunEnd keep runEnds in step with the running jobs.
func (mp *machPlan) addRunEnd(end float64) {
	i, _ := slices.BinarySearch(mp.runEnds, end)
	mp.runEnds = slices.Insert(mp.runEnds, i, end)
}

func (mp *machPlan) dropRunEnd(end float64) {
	i, ok := slices.BinarySearch(mp.runEnds, end)
	if !ok {
		panic(fmt.Sprintf("schedbased: internal error: machine %d has no running job ending at %v", mp.idx, end))
	}
	mp.runEnds = slices.Delete(mp.runEnds, i, i+1)
}

// runningIndex returns the index of job id among machine m's running
// jobs, -1 if it is not one. The running jobs are in order of start (a
// job starts now, and the clock only moves on), so a job whose start is
// known is sought among those that started with it, found by halving;
// the rest (start NaN, or not found there) are read one by one. On the
// first 100,000 RICC-2010-2 jobs under EG-EDF, reading them one by one
// took 3% of the CPU.
func (p *Plan) runningIndex(m, id int, start float64) int {
	r := p.ms[m].running
	if !math.IsNaN(start) {
		for i := startAtOrAfter(r, 0, start); i < len(r) && r[i].Start == start; i++ {
			if r[i].ID == id {
				return i
			}
		}
	}
	return slices.IndexFunc(r, func(e Entry) bool { return e.ID == id })
}

// settle moves the clock to now and re-plans the machine whose change
// recorded by retire still waits (moving the clock may have re-planned
// it already).
func (p *Plan) settle(now float64) {
	p.Advance(now)
	if p.pendM >= 0 {
		p.replanHead(p.pendM)
	}
}

func (p *Plan) checkNew(m, id int, j Job) {
	if d := p.Duration(j, m); d > 0 {
		p.shortest = min(p.shortest, d)
	} else {
		p.zeroLength = true
	}
	// (The margin covers the rounding of a duration on a machine a hair
	// faster than the reference, which can exceed the run time.)
	p.longest = max(p.longest, max(j.Run, p.Duration(j, p.slowest))*(1+0x1p-50))
	if _, dup := p.where[id]; dup {
		panic(fmt.Sprintf("schedbased: job %d is already planned", id))
	}
	if j.CPUs < 1 || j.CPUs > p.ms[m].cpus {
		panic(fmt.Sprintf("schedbased: job %d needs %d CPUs, machine %d has %d", id, j.CPUs, m, p.ms[m].cpus))
	}
}

// drop and add keep the plan-wide and per-machine lateness counts in step
// with an entry leaving or joining (queued says whether it counts in lateQ).
func (p *Plan) drop(mp *machPlan, e Entry, queued bool) {
	if e.Job.Late(e.End) {
		mp.late--
		if queued {
			mp.lateQ--
			p.lateChanged(mp)
		}
	} else {
		p.nondelayed--
	}
}

func (p *Plan) add(mp *machPlan, e Entry, queued bool) {
	if e.Job.Late(e.End) {
		mp.late++
		if queued {
			mp.lateQ++
			p.lateChanged(mp)
		}
	} else {
		p.nondelayed++
	}
}

// recomputeMakespan sets machine m's makespan from its entries, trims the
// profile to it and updates the plan's makespan.
func (p *Plan) recomputeMakespan(m int) {
	mp := &p.ms[m]
	ms := 0.0
	for _, e := range mp.running {
		ms = max(ms, e.End)
	}
	for _, e := range mp.queue {
		ms = max(ms, e.End)
	}
	p.makespanIs(m, ms)
}

// makespanIs is recomputeMakespan for a caller that knows the latest end
// of machine m's entries (ms, 0 when none).
func (p *Plan) makespanIs(m int, ms float64) {
	mp := &p.ms[m]
	defer p.setMakespan(m)
	p.profileChanged(m) // every replan and removal comes through here
	mp.makespan = ms
	if n := len(mp.ts); n > 0 && mp.ts[n-1] > mp.makespan {
		// The profile beyond the makespan is "the end", not a gap.
		for len(mp.ts) > 1 && mp.ts[len(mp.ts)-2] >= mp.makespan {
			mp.ts = mp.ts[:len(mp.ts)-1]
			mp.free = mp.free[:len(mp.free)-1]
		}
		if len(mp.free) == 0 {
			mp.ts = mp.ts[:0]
		} else {
			mp.ts[len(mp.ts)-1] = mp.makespan
		}
	}
}

// occupy takes c CPUs over [a, b) out of the profile; [a, b) lies within
// the profile and has at least c free CPUs throughout.
func (mp *machPlan) occupy(a, b float64, c int) {
	mp.split(a)
	mp.split(b)
	i, _ := slices.BinarySearch(mp.ts, a)
	for ; mp.ts[i] < b; i++ {
		mp.free[i] -= c
	}
	mp.normalize()
}

// release gives c CPUs over [a, b) back to the profile; [a, b) lies within
// it and was taken by a job.
func (mp *machPlan) release(a, b float64, c int) {
	mp.split(a)
	mp.split(b)
	i, _ := slices.BinarySearch(mp.ts, a)
	for ; mp.ts[i] < b; i++ {
		mp.free[i] += c
	}
	mp.normalize()
}

// split makes x a breakpoint of the profile (x inside it).
func (mp *machPlan) split(x float64) {
	i, found := slices.BinarySearch(mp.ts, x)
	if found || i == 0 || i == len(mp.ts) {
		return
	}
	mp.ts = slices.Insert(mp.ts, i, x)
	mp.free = slices.Insert(mp.free, i, mp.free[i-1])
}

// normalize merges neighbouring segments with equal free CPUs.
func (mp *machPlan) normalize() {
	if len(mp.free) < 2 {
		return
	}
	w := 0
	for i := 1; i < len(mp.free); i++ {
		if mp.free[i] == mp.free[w] {
			continue
		}
		w++
		mp.free[w] = mp.free[i]
		mp.ts[w] = mp.ts[i]
	}
	mp.ts[w+1] = mp.ts[len(mp.ts)-1]
	mp.ts = mp.ts[:w+2]
	mp.free = mp.free[:w+1]
}

type endItem struct {
	end  float64
	cpus int
}

// endHeap is a min-heap of end times, hand-rolled so that pushes do not
// box items (container/heap would allocate on every Push).
type endHeap []endItem

func (h endHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h endHeap) down(i int) {
	n := len(h)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		c := l
		if r := l + 1; r < n && h[r].end < h[l].end {
			c = r
		}
		if h[c].end >= h[i].end {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}

func (h *endHeap) push(it endItem) {
	*h = append(*h, it)
	s := *h
	for i := len(s) - 1; i > 0; {
		p := (i - 1) / 2
		if s[p].end <= s[i].end {
			break
		}
		s[p], s[i] = s[i], s[p]
		i = p
	}
}

func (h *endHeap) pop() endItem {
	s := *h
	it := s[0]
	n := len(s) - 1
	s[0] = s[n]
	*h = s[:n]
	h.down(0)
	return it
}

// activeAt returns the instant f from which the queue from position pos on
// is planned (the start of job pos-1, or now) and the jobs still holding
// CPUs at f, as an end-time heap, their CPU total and the entries.
//
// h and act reuse the plan's scratch storage: they are valid until the next
// call. act is only collected when wantAct is true.
func (p *Plan) activeAt(m, pos int, wantAct bool) (f float64, h endHeap, used int, act []Entry, last float64) {
	mp := &p.ms[m]
	h, act = p.hbuf[:0], p.actBuf[:0]
	f = p.now
	if pos > 0 {
		f = max(f, mp.queue[pos-1].Start)
	}
	for _, list := range [2][]Entry{mp.running, mp.queue[:pos]} {
		for _, e := range list {
			last = max(last, e.End)
			if e.End > f {
				h = append(h, endItem{e.End, e.Job.CPUs})
				used += e.Job.CPUs
				if wantAct {
					act = append(act, e)
				}
			}
		}
		p.work += int64(len(list))
	}
	h.init()
	p.hbuf, p.actBuf = h[:0], act[:0]
	return f, h, used, act, last
}

// place sets the times of seq, planned in order on machine m from f on,
// each at the earliest instant no earlier than its predecessor at which
// enough CPUs are free. h and used describe the jobs active at f; h is
// consumed.
func (p *Plan) place(m int, f float64, h endHeap, used int, seq []Entry) {
	cpus := p.ms[m].cpus
	t := f
	w := int64(len(seq))
	for k := range seq {
		e := &seq[k]
		for len(h) > 0 && (h[0].end <= t || cpus-used < e.Job.CPUs) {
			it := h.pop()
			used -= it.cpus
			t = max(t, it.end)
			w++
		}
		e.Start, e.End = t, t+p.Duration(e.Job, m)
		h.push(endItem{e.End, e.Job.CPUs})
		used += e.Job.CPUs
	}
	p.work += w
}

// replan recomputes the times of machine m's queued jobs from position pos
// on, and the profile from the start of job pos-1 (or now) on. Jobs before
// pos and the profile before that instant cannot change: every job from pos
// on starts no earlier than it.
func (p *Plan) replan(m, pos int) {
	mp := &p.ms[m]
	p.touch(mp)
	f, h, used, act, _ := p.activeAt(m, pos, true)
	suffix := mp.queue[pos:]
	for _, e := range suffix {
		p.drop(mp, e, true)
	}
	p.place(m, f, h, used, suffix)
	for _, e := range suffix {
		p.add(mp, e, true)
	}
	p.rebuildProfile(m, f, act, suffix, nil)
}

// rebuildProfile ends a re-placement of machine m's queue from suffix on:
// the makespan, then the profile kept before f and rebuilt on [f,
// makespan) from the jobs active at f and the suffix.
//
// ends, when not nil, are the ends of act and suffix sorted by time.
func (p *Plan) rebuildProfile(m int, f float64, act, suffix []Entry, ends []endEv) {
	p.recomputeMakespan(m)
	p.rebuildProfileFrom(m, f, act, suffix, ends)
}

// rebuildProfileFrom is rebuildProfile once the makespan is set.
func (p *Plan) rebuildProfileFrom(m int, f float64, act, suffix []Entry, ends []endEv) {
	mp := &p.ms[m]
	// Keep the profile before f, rebuild it on [f, makespan).
	keepEnd := min(f, mp.makespan)
	k := 0
	for k < len(mp.free) && mp.ts[k] < keepEnd {
		k++
	}
	mp.ts, mp.free = mp.ts[:k], mp.free[:k]
	if k > 0 {
		mp.ts = append(mp.ts, keepEnd)
	}
	if mp.makespan > f {
		if ends != nil {
			p.profTs, p.profFree = profileWalk(mp.cpus, f, act, suffix, ends, p.profTs, p.profFree)
		} else {
			p.profTs, p.profFree, p.profEnds = profileOf(mp.cpus, f, act, suffix, p.profTs, p.profFree, p.profEnds)
		}
		p.work += int64(len(act) + 2*len(suffix)) // the entries, then the suffix once more
		mp.ts = append(mp.ts[:k], p.profTs...)    // the rebuilt part starts at f == keepEnd
		mp.free = append(mp.free, p.profFree...)
	}
	mp.normalize()
}

// whatIfInsert returns machine m's makespan, the change in the plan's
// number of non-delayed jobs and job j's planned start if j were inserted
// at queue position pos, without changing the plan.
func (p *Plan) whatIfInsert(m, pos int, j Job) (makespan float64, dnd int, start float64) {
	if !p.direct && (pos == 0 || p.ms[m].queue[pos-1].Start >= p.now) {
		return p.whatIfInsertPrefix(m, pos, j, p.Duration(j, m))
	}
	return p.whatIfInsertDirect(m, pos, j)
}

// whatIfInsertDirect is whatIfInsert computed from the plan alone.
func (p *Plan) whatIfInsertDirect(m, pos int, j Job) (makespan float64, dnd int, start float64) {
	mp := &p.ms[m]
	f, h, used, _, last := p.activeAt(m, pos, false)
	seq := append(p.seqBuf[:0], Entry{Job: j})
	seq = append(seq, mp.queue[pos:]...)
	p.seqBuf = seq[:0]
	p.place(m, f, h, used, seq)
	makespan = last // of the running jobs and those before pos
	for k, e := range seq {
		makespan = max(makespan, e.End)
		if !e.Job.Late(e.End) {
			dnd++
		}
		if k > 0 && !mp.queue[pos+k-1].Job.Late(mp.queue[pos+k-1].End) {
			dnd--
		}
	}
	p.work += int64(len(mp.running) + pos)
	return makespan, dnd, seq[0].Start
}

// whatIfRemove returns the plan's makespan and the change in its number of
// non-delayed jobs if machine m's queued job at position pos were removed,
// without changing the plan: Remove followed by Objective, at the cost of
// re-placing the suffix behind pos but not rebuilding the profile. The
// machine's own part is memoised (memo.go).
func (p *Plan) whatIfRemove(m, pos int) (makespan float64, dnd int) {
	ms, dnd := p.whatIfRemoveMemo(m, pos)
	return max(ms, p.makespanWithout(m)), dnd
}

// whatIfRemoveLocal is whatIfRemove's part on machine m: its makespan
// without the job and the change in non-delayed jobs; first is the start
// of the first job re-placed (+Inf when the job is the last).
func (p *Plan) whatIfRemoveLocal(m, pos int) (ms float64, dnd int, first float64) {
	mp := &p.ms[m]
	if e := mp.queue[pos]; !e.Job.Late(e.End) {
		dnd--
	}
	p.work += int64(len(mp.running) + pos)
	if pos+1 == len(mp.queue) {
		if mp.queue[pos].End < mp.makespan {
			// Another entry ends at the makespan and stays.
			return mp.makespan, dnd, math.Inf(1)
		}
		for _, list := range [2][]Entry{mp.running, mp.queue[:pos]} {
			for _, e := range list {
				ms = max(ms, e.End)
			}
		}
		return ms, dnd, math.Inf(1)
	}
	f, h, used, _, last := p.activeAt(m, pos, false)
	ms = last // of the running jobs and those before pos
	seq := append(p.seqBuf[:0], mp.queue[pos+1:]...)
	p.seqBuf = seq[:0]
	p.place(m, f, h, used, seq)
	for k, e := range seq {
		ms = max(ms, e.End)
		if !e.Job.Late(e.End) {
			dnd++
		}
		if old := mp.queue[pos+1+k]; !old.Job.Late(old.End) {
			dnd--
		}
	}
	return ms, dnd, seq[0].Start
}

// makespanWithout returns the largest makespan of the machines other than
// m, from the tournament tree: the maximum of the siblings on m's path,
// one step counted per level. When m's makespan is below the plan's, the
// plan's is the answer and the walk is only counted (not with
// Plan.direct, so the lockstep test compares the two).
func (p *Plan) makespanWithout(m int) float64 {
	if top := p.mkTree[1]; !p.direct && p.mkTree[p.mkLeaves+m] < top {
		p.work += p.mkDepth
		return top
	}
	return p.makespanWithoutWalk(m)
}

// makespanWithoutWalk is makespanWithout by the walk to the root.
func (p *Plan) makespanWithoutWalk(m int) float64 {
	var v float64
	for i := p.mkLeaves + m; i > 1; i /= 2 {
		v = max(v, p.mkTree[i^1])
		p.work++
	}
	return v
}

// endEv is a job's end in a profile being built: at t, cpus CPUs come free.
type endEv struct {
	t    float64
	cpus int
}

// profileOf returns the canonical free-CPU profile on [from, last end) of
// a machine with cpus CPUs running the entries act and then seq (all
// ending after from), where act start by from and seq start in
// nondecreasing order, as replan has them: only the ends need sorting. The
// result is built in the scratch storage ts, free and ends, which are
// returned for reuse (ts and free are empty when no segment remains).
func profileOf(cpus int, from float64, act, seq []Entry, ts []float64, free []int, ends []endEv) ([]float64, []int, []endEv) {
	ends = ends[:0]
	for _, list := range [2][]Entry{act, seq} {
		for _, e := range list {
			ends = append(ends, endEv{e.End, e.Job.CPUs})
		}
	}
	sortEnds(ends)
	ts, free = profileWalk(cpus, from, act, seq, ends, ts, free)
	return ts, free, ends
}

// profileWalk is profileOf given the ends of act and seq sorted by time.
func profileWalk(cpus int, from float64, act, seq []Entry, ends []endEv, ts []float64, free []int) ([]float64, []int) {
	ts, free = ts[:0], free[:0]
	// Walk the instants: the starts of act (at from), of seq (from from
	// on) and the ends, every change at one instant applied together.
	used, i, k := 0, 0, 0
	actDue := len(act) > 0
	for k < len(ends) {
		t := ends[k].t
		if actDue {
			t = min(t, from)
		}
		if i < len(seq) {
			t = min(t, max(seq[i].Start, from))
		}
		if actDue && from == t {
			for _, e := range act {
				used += e.Job.CPUs
			}
			actDue = false
		}
		for i < len(seq) && max(seq[i].Start, from) == t {
			used += seq[i].Job.CPUs
			i++
		}
		for k < len(ends) && ends[k].t == t {
			used -= ends[k].cpus
			k++
		}
		if k == len(ends) {
			ts = append(ts, t) // the last end closes the profile
			break
		}
		if f := cpus - used; len(free) == 0 || free[len(free)-1] != f {
			ts = append(ts, t)
			free = append(free, f)
		}
	}
	if len(free) == 0 {
		ts = ts[:0]
	}
	return ts, free
}

// sortEnds sorts ends by time; which of equal ends comes first changes
// nothing in profileOf. By insertion while the ends come nearly in order
// (the starts are, and on a short queue of exact run times so are most
// ends); once the moves pass a budget linear in the length, by a
// comparison sort: on a long queue of unequal run times the insertion
// would move each end past a good part of the queue (thousands of jobs
// waiting on a busy log made it quadratic per re-plan).
func sortEnds(ends []endEv) {
	budget := 8 * len(ends)
	for i := 1; i < len(ends); i++ {
		x := ends[i]
		k := i
		for k > 0 && ends[k-1].t > x.t {
			ends[k] = ends[k-1]
			k--
		}
		ends[k] = x
		if budget -= i - k; budget < 0 {
			slices.SortFunc(ends, func(a, b endEv) int { return byTime(a.t, b.t) })
			return
		}
	}
}
