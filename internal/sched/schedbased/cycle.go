package schedbased

import "slices"

// A Tabu run mostly goes round in circles. A rejected move leaves the plan
// as it was, so once the tabu list is full the search takes the same
// source machine's last TabuLen+1 jobs in turn, and rejects each again,
// until the iteration bound: on a deadline stream at a mean inter-arrival
// of 1 s, three quarters of all iterations repeat an earlier one of the
// same run. cycle finds the first iteration whose start state is that of
// an earlier iteration of the run; the iterations from there repeat the
// ones in between (period P, the same work W each time) until the bound,
// so Run skips as many whole periods as the bound leaves, adds their work,
// and runs the few iterations left.
//
// The start state of an iteration is everything the iteration reads, or
// whose count it adds to the work: the plan (its gstamp: only rejected
// moves come in between, which put the stamps back), the tabu list, the
// used machines in their order (the sources index's exclusions, and
// release's marks), the marks pending in the sources and gap indexes (a
// flush counts per mark, and the gap index's walks depend on their order)
// and the gap index's leaves (on which its walks and search depend). The
// rest of the indexes follows from these, and the memos, the stamps issued
// and the change counts of the gap index change how a result is computed,
// never the result or the work. Run without memos (Plan.direct) does every
// iteration, and the lockstep tests compare the two.
//
// Each iteration's start state is recorded compactly: the tabu list and
// the used machines as positions in logs of what was appended to them in
// the run, the leaves as a position in the gap index's log of changed
// leaves (leafLog), and the pending marks as copies. A hash table on a
// fingerprint finds the latest earlier iteration that may match, which is
// then compared exactly: a fingerprint that collides costs a comparison,
// never a wrong skip.
type cycle struct {
	recs    []iterRec
	tabuLog []int   // every job appended to the tabu list in this run
	usedLog []int   // every machine appended to Tabu.used in this run
	round   int     // where the current round's used machines start in usedLog
	marks   []int32 // the records' pending marks
	slots   []cycleSlot
	gen     uint32 // slots of another generation are empty
	n       int    // slots of this generation in use
}

// iterRec is one iteration's start state.
type iterRec struct {
	it               int
	work             int64
	gstamp           uint64
	tabuN            int // the tabu list is the last TabuLen of tabuLog[:tabuN]
	usedFrom, usedN  int // the used machines are usedLog[usedFrom:][:usedN]
	leafLog          int // the gap index's leaf log had this many entries
	marks            int // the pending marks start at marks[marks]:
	srcMarks, gapMks int // so many of the sources index, then of the gap index
}

type cycleSlot struct {
	gen uint32
	fp  uint64
	rec int32
}

// maxMarks bounds the pending marks of a recorded state: iterations that
// start with more (the first of a run, after EG-EDF's insertion) do not
// recur.
const maxMarks = 8

// start readies the detector for a run of at most iterations.
func (c *cycle) start(iterations int) {
	c.recs, c.tabuLog, c.usedLog, c.round, c.marks = c.recs[:0], c.tabuLog[:0], c.usedLog[:0], 0, c.marks[:0]
	size := 16
	for size < 2*iterations {
		size *= 2
	}
	if len(c.slots) < size {
		c.slots = make([]cycleSlot, size)
		c.gen = 0
	}
	c.forget()
}

// forget drops the recorded states (a move was accepted: none recurs).
func (c *cycle) forget() {
	c.gen++
	c.n = 0
	if c.gen == 0 { // wrapped: the old generations' slots must not match
		clear(c.slots)
		c.gen = 1
	}
}

// fingerprint hashes the cheap parts of the current start state.
func (ts *Tabu) fingerprint(p *Plan) uint64 {
	var lt, lu uint64
	if n := len(ts.tabu); n > 0 {
		lt = uint64(ts.tabu[n-1])
	}
	if n := len(ts.used); n > 0 {
		lu = uint64(ts.used[n-1])
	}
	fp := p.gstamp*0x9e3779b97f4a7c15 ^ lt*0xbf58476d1ce4e5b9 ^ lu*0x94d049bb133111eb
	fp ^= uint64(len(ts.tabu))<<48 ^ uint64(len(ts.used))<<32 ^ uint64(len(p.src.dirty))<<16 ^ uint64(len(p.gaps.dirty))
	return mix64(fp)
}

// repeat looks up the current start state (iteration it, the work so
// far) among the run's earlier ones and records it. It returns the
// earlier iteration and the work at its start when one matches.
func (ts *Tabu) repeat(p *Plan, it int) (it0 int, work0 int64, ok bool) {
	c := &ts.cyc
	ns, ng := len(p.src.dirty), len(p.gaps.dirty)
	if ns+ng > maxMarks {
		return 0, 0, false
	}
	fp := ts.fingerprint(p)
	mask := len(c.slots) - 1
	i := int(fp) & mask
	for c.slots[i].gen == c.gen && c.slots[i].fp != fp {
		i = (i + 1) & mask
	}
	s := &c.slots[i]
	if s.gen == c.gen {
		if r := &c.recs[s.rec]; ts.sameStart(p, r) {
			return r.it, r.work, true
		}
	} else if 2*(c.n+1) > len(c.slots) {
		return 0, 0, false // full (more iterations than planned): stop recording
	} else {
		c.n++
	}
	r := iterRec{it: it, work: p.work, gstamp: p.gstamp, tabuN: len(c.tabuLog),
		usedFrom: c.round, usedN: len(ts.used), leafLog: len(p.gaps.leafLog),
		marks: len(c.marks), srcMarks: ns, gapMks: ng}
	c.marks = append(append(c.marks, p.src.dirty...), p.gaps.dirty...)
	*s = cycleSlot{gen: c.gen, fp: fp, rec: int32(len(c.recs))}
	c.recs = append(c.recs, r)
	return 0, 0, false
}

// sameStart reports whether the current start state is r's.
func (ts *Tabu) sameStart(p *Plan, r *iterRec) bool {
	c := &ts.cyc
	if r.gstamp != p.gstamp || r.srcMarks != len(p.src.dirty) || r.gapMks != len(p.gaps.dirty) {
		return false
	}
	if !slices.Equal(c.tabuLog[max(0, r.tabuN-ts.opt.TabuLen):r.tabuN], ts.tabu) {
		return false
	}
	if !slices.Equal(c.usedLog[r.usedFrom:][:r.usedN], ts.used) {
		return false
	}
	marks := c.marks[r.marks:][:r.srcMarks+r.gapMks]
	if !slices.Equal(marks[:r.srcMarks], p.src.dirty) || !slices.Equal(marks[r.srcMarks:], p.gaps.dirty) {
		return false
	}
	return p.leavesAsAt(r.leafLog)
}
