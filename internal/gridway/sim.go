package gridway

import (
	"errors"
	"fmt"
	"math"
)

// Job states of experiment jobs.
const (
	jsPending uint8 = iota
	jsQueued
	jsRunning
	jsDone
)

// Link directions, each a FIFO server.
const (
	lanIn = iota
	lanOut
	wanIn
	wanOut
)

type fjob struct {
	exp    int32
	att    int32 // attempt: bumped at every dispatch and cancellation; stale events compare it
	state  uint8
	infra  int8
	inLRMS bool // waiting in a local queue (this attempt)
	inGW   bool // waiting in the LCG GridWay's list
	viaGW  bool // forwarded by the LCG GridWay, not yet started
	onPE   bool
	starts int
}

// Sim is the federation: two testbeds, the DSA GridWay and the LCG
// GridWay, the background load and the users' experiments.
type Sim struct {
	cfg    Config
	bg     []BGJob
	nextBG int
	now    float64
	ev     eventQueue
	seq    uint64
	lr     [2]*lrms
	link   [4]float64 // busy-until per link direction
	bgRun  int        // background jobs holding a PE

	jobs []fjob
	exps []*Exp
	pol  Policy
	used bool

	// DSA GridWay: jobs it dispatched per infrastructure, not yet started
	// (inflight) and holding a PE (running).
	gwInflight, gwRunning [2]int
	cycleExt              int // jobs the current DSA cycle sent to External
	dsaArmed, objArmed    bool

	// LCG GridWay (GridGateWay): forwarded jobs waiting for its cycle.
	lcgList                 []qent
	lcgHead, lcgLive        int
	lcgInflight, lcgRunning int
	lcgArmed                bool

	finished int
	events   int64
	err      error
}

// NewBackground returns a federation with the background load and no
// users yet, at time 0. bg must be sorted by submit time (adapt.Background
// and SortBackground do it) and is shared, never modified.
func NewBackground(cfg Config, bg []BGJob) (*Sim, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	for i := 1; i < len(bg); i++ {
		if bg[i].Submit < bg[i-1].Submit {
			return nil, fmt.Errorf("background job %d submitted at %v before job %d at %v: sort it first", i, bg[i].Submit, i-1, bg[i-1].Submit)
		}
	}
	for i, b := range bg {
		if b.Run < 0 || math.IsNaN(b.Run) || math.IsInf(b.Run, 0) {
			return nil, fmt.Errorf("background job %d: run time %v", i, b.Run)
		}
	}
	s := &Sim{cfg: cfg, bg: bg}
	s.lr[Internal] = newLRMS(cfg.DSA)
	s.lr[External] = newLRMS(cfg.LCG)
	return s, nil
}

// Now returns the simulated time.
func (s *Sim) Now() float64 { return s.now }

// LCGQueued returns the number of jobs waiting in the LCG local queue.
func (s *Sim) LCGQueued() int { return s.lr[External].queued() }

// LCGFree returns the number of free PEs of the LCG testbed.
func (s *Sim) LCGFree() int { return s.lr[External].nfree }

// AdvanceTo processes every event at or before t. It is meant for the
// background-only prefix shared by several runs; users submitted before t
// are handled too.
func (s *Sim) AdvanceTo(t float64) {
	for s.err == nil {
		et, ok := s.peek()
		if !ok || et > t {
			break
		}
		s.step()
	}
	if t > s.now {
		s.now = t
	}
}

// Clone returns an independent copy of a simulation that has no users yet,
// so that several policies can continue from one shared background prefix.
func (s *Sim) Clone() *Sim {
	if s.used {
		panic("federation: Clone after Run")
	}
	c := *s
	c.ev = s.ev.clone()
	c.lr[0] = s.lr[0].clone()
	c.lr[1] = s.lr[1].clone()
	c.lcgList = append([]qent(nil), s.lcgList[s.lcgHead:]...)
	c.lcgHead = 0
	return &c
}

// Run submits the configuration's users at their times under policy p and
// simulates until every experiment has finished. A Sim runs once; Clone a
// background prefix to run several policies.
func (s *Sim) Run(p Policy) (*Result, error) {
	if s.used {
		return nil, errors.New("federation: a Sim runs once; Clone a background prefix instead")
	}
	s.used = true
	s.pol = p
	if len(s.cfg.Users) == 0 {
		return nil, errors.New("federation: no users to simulate")
	}
	for u, us := range s.cfg.Users {
		if us.Submit < s.now {
			return nil, fmt.Errorf("user %d submits at %.0f s, before the shared prefix ends at %.0f s", u, us.Submit, s.now)
		}
		s.push(event{t: us.Submit, kind: evSubmit, c: int32(u)})
	}
	for s.finished < len(s.cfg.Users) {
		if s.err != nil {
			return nil, s.err
		}
		if s.ev.len() == 0 && s.nextBG >= len(s.bg) { // no event left
			return nil, fmt.Errorf("federation: no events left at %.0f s with %d of %d experiments unfinished", s.now, len(s.cfg.Users)-s.finished, len(s.cfg.Users))
		}
		s.step()
	}
	if s.err != nil {
		return nil, s.err
	}
	if s.cfg.Check {
		if err := s.checkFinal(); err != nil {
			return nil, err
		}
	}
	return &Result{Policy: p.Name(), Exps: s.exps, End: s.now, Events: s.events}, nil
}

// push schedules e. Nothing is scheduled in the past (every delay is
// non-negative), which the event queue relies on; an event that would be
// is an error of the model, reported rather than simulated out of order.
func (s *Sim) push(e event) {
	if !(e.t >= s.now) {
		if s.err == nil {
			s.err = fmt.Errorf("federation: event of kind %d scheduled at %v s, before the current time %v s", e.kind, e.t, s.now)
		}
		return
	}
	e.seq = s.seq
	s.seq++
	s.ev.push(e)
}

// peek returns the time of the next event: the queue's or the next
// background arrival's, whichever is earlier (the queue first on ties, so
// jobs ending at an instant free their PEs before arrivals queue).
func (s *Sim) peek() (float64, bool) {
	hasH := s.ev.len() > 0
	hasB := s.nextBG < len(s.bg)
	switch {
	case hasH && hasB:
		return math.Min(s.ev.peek().t, s.bg[s.nextBG].Submit), true
	case hasH:
		return s.ev.peek().t, true
	case hasB:
		return s.bg[s.nextBG].Submit, true
	}
	return 0, false
}

func (s *Sim) step() {
	s.events++
	if s.ev.len() > 0 && (s.nextBG >= len(s.bg) || s.ev.peek().t <= s.bg[s.nextBG].Submit) {
		e := s.ev.pop()
		s.now = e.t
		s.handle(e)
	} else {
		b := s.nextBG
		s.nextBG++
		s.now = s.bg[b].Submit
		s.lr[External].push(qent{id: int32(b)})
		s.tryStart(External)
	}
	if s.cfg.Check && s.err == nil {
		s.err = s.check()
	}
}

func (s *Sim) handle(e event) {
	switch e.kind {
	case evEnd:
		s.end(Infra(e.a), int(e.b), e.c)
	case evStageIn:
		s.stageIn(Infra(e.a), e.c, e.d)
	case evGateway:
		s.gatewayArrive(e.c, e.d)
	case evOutput:
		s.output(e.c)
	case evTimeout:
		s.timeout(e.c, e.d)
	case evSubmit:
		s.submit(int(e.c))
	case evObjective:
		s.objectiveTick()
	case evSchedDSA:
		s.dsaCycle()
	case evSchedLCG:
		s.lcgCycle()
	}
}

// send queues a transfer of bytes on a link direction and returns when it
// arrives.
func (s *Sim) send(dir int, bytes float64) float64 {
	l := s.cfg.LAN
	if dir == wanIn || dir == wanOut {
		l = s.cfg.WAN
	}
	if l.Shared {
		dir &^= 1 // in and out directions share the even port
	}
	start := math.Max(s.now, s.link[dir])
	fin := start + bytes/l.Bandwidth
	s.link[dir] = fin
	return fin + l.Latency
}

// nextTick returns the first multiple of interval at or after now: GridWay
// cycles run on a fixed clock, not relative to submissions.
func (s *Sim) nextTick(interval float64) float64 {
	t := math.Ceil(s.now/interval) * interval
	if t < s.now {
		t = s.now
	}
	return t
}

func (s *Sim) submit(u int) {
	us := s.cfg.Users[u]
	e := &Exp{User: u, Submit: s.now, Jobs: us.Jobs, Done: math.NaN(), pending: us.Jobs,
		minIn: s.cfg.MinInSamples, minEx: s.cfg.MinExSamples, fit: fitter(s.cfg.Alt),
		LCGQueuedAtSubmit: s.LCGQueued(), LCGFreeAtSubmit: s.LCGFree()}
	ei := int32(len(s.exps))
	s.exps = append(s.exps, e)
	for k := 0; k < us.Jobs; k++ {
		e.unsched = append(e.unsched, int32(len(s.jobs)))
		s.jobs = append(s.jobs, fjob{exp: ei, infra: -1})
	}
	s.pol.Start(e)
	e.record(s.now)
	s.armObjective()
	s.armDSA()
}

func (s *Sim) armDSA() {
	if !s.dsaArmed {
		s.dsaArmed = true
		s.push(event{t: s.nextTick(s.cfg.SchedulingInterval), kind: evSchedDSA})
	}
}

func (s *Sim) armObjective() {
	if !s.objArmed {
		s.objArmed = true
		s.push(event{t: s.nextTick(s.cfg.ObjectiveInterval), kind: evObjective})
	}
}

func (s *Sim) armLCG() {
	if !s.lcgArmed {
		s.lcgArmed = true
		s.push(event{t: s.nextTick(s.cfg.SchedulingInterval), kind: evSchedLCG})
	}
}

func (s *Sim) anyUnscheduled() bool {
	for _, e := range s.exps {
		if len(e.unsched) > 0 {
			return true
		}
	}
	return false
}

func (s *Sim) objectiveTick() {
	for _, e := range s.exps {
		if len(e.unsched) > 0 {
			s.pol.UpdateObjective(e)
		}
	}
	if s.anyUnscheduled() {
		s.push(event{t: s.now + s.cfg.ObjectiveInterval, kind: evObjective})
	} else {
		s.objArmed = false
	}
}

func (s *Sim) dsaCycle() {
	s.cycleExt = 0
	left := s.cfg.DispatchChunk
	for _, e := range s.exps {
		if left == 0 {
			break
		}
		if len(e.unsched) == 0 {
			continue
		}
		c := Cycle{s: s, e: e, left: left}
		s.pol.Schedule(&c)
		left = c.left
	}
	if s.anyUnscheduled() {
		s.push(event{t: s.now + s.cfg.SchedulingInterval, kind: evSchedDSA})
	} else {
		s.dsaArmed = false
	}
}

// available is the DSA GridWay's view of infrastructure i.
func (s *Sim) available(i Infra) bool {
	l := s.lr[i]
	if s.pol.Advance() {
		return s.asBelowCap(s.gwInflight[i], s.gwRunning[i], l.pes)
	}
	if i == External && s.cfg.Alt.PublishedFree {
		return l.nfree-s.cycleExt > 0
	}
	return l.nfree-s.gwInflight[i] > 0
}

// asBelowCap reports whether a GridWay with inflight jobs not yet started
// and running ones at a resource of pes PEs may queue one more there
// under advance scheduling.
func (s *Sim) asBelowCap(inflight, running, pes int) bool {
	if s.cfg.Alt.CapQueuedOnly {
		running = 0
	}
	return inflight+running < pes*s.cfg.MaxRunningResourceFactor
}

func (s *Sim) dispatch(e *Exp, i Infra) {
	id := e.unsched[0]
	e.unsched = e.unsched[1:]
	j := &s.jobs[id]
	j.att++
	j.state = jsQueued
	j.infra = int8(i)
	s.gwInflight[i]++
	if i == External {
		s.cycleExt++
	}
	e.pending--
	e.queued[i]++
	e.Dispatches[i]++
	if i == Internal && e.Obj.Int > 0 {
		e.Obj.Int--
	} else if i == External && e.Obj.Ext > 0 {
		e.Obj.Ext--
	}
	if s.cfg.SuspensionTimeout > 0 {
		s.push(event{t: s.now + s.cfg.SuspensionTimeout, kind: evTimeout, c: id, d: j.att})
	}
	if i == Internal {
		s.push(event{t: s.send(lanIn, s.cfg.InputBytes), kind: evStageIn, a: uint8(Internal), c: id, d: j.att})
	} else {
		// Only the job description travels to the GridGateWay; the input
		// is staged when the LCG GridWay forwards the job to a resource
		// (or now, under Alternatives.StageAtDispatch).
		at := s.now + s.cfg.WAN.Latency
		if s.cfg.Alt.StageAtDispatch {
			at = s.send(wanIn, s.cfg.InputBytes)
		}
		s.push(event{t: at, kind: evGateway, c: id, d: j.att})
	}
	e.record(s.now)
}

func (s *Sim) live(id, att int32) bool {
	j := &s.jobs[id]
	return j.att == att && j.state == jsQueued
}

func (s *Sim) gatewayArrive(id, att int32) {
	if !s.live(id, att) {
		return
	}
	s.jobs[id].inGW = true
	s.lcgList = append(s.lcgList, qent{id: id, att: att})
	s.lcgLive++
	s.armLCG()
}

// lcgCycle is the LCG GridWay's cycle. Every job it receives comes from
// an external user, so it only maps to its internal resource, the LCG
// testbed (Algorithm 2, lines 20–23: "GridWay only schedules external jobs
// to internal resources"). The cycle runs while that resource is available
// (line 6: a free node not yet promised, or below the AS cap), checked at
// its start; the external jobs are then mapped without a further check, up
// to DispatchChunk. Alternatives.GatewayPerJob checks before every job.
func (s *Sim) lcgCycle() {
	left := s.cfg.DispatchChunk
	l := s.lr[External]
	avail := func() bool {
		if s.pol.Advance() {
			return s.asBelowCap(s.lcgInflight, s.lcgRunning, l.pes)
		}
		return l.nfree-s.lcgInflight > 0
	}
	open := avail()
	for left > 0 && s.lcgHead < len(s.lcgList) {
		q := s.lcgList[s.lcgHead]
		j := &s.jobs[q.id]
		if !s.live(q.id, q.att) || !j.inGW {
			s.lcgHead++
			continue
		}
		if s.cfg.Alt.GatewayPerJob {
			open = avail()
		}
		if !open {
			break
		}
		s.lcgHead++
		j.inGW = false
		j.viaGW = true
		s.lcgLive--
		s.lcgInflight++
		left--
		at := s.now
		if !s.cfg.Alt.StageAtDispatch {
			at = s.send(wanIn, s.cfg.InputBytes)
		}
		s.push(event{t: at, kind: evStageIn, a: uint8(External), c: q.id, d: q.att})
	}
	if s.lcgHead > 1024 && s.lcgHead > len(s.lcgList)/2 {
		n := copy(s.lcgList, s.lcgList[s.lcgHead:])
		s.lcgList = s.lcgList[:n]
		s.lcgHead = 0
	}
	if s.lcgLive > 0 {
		s.push(event{t: s.now + s.cfg.SchedulingInterval, kind: evSchedLCG})
	} else {
		s.lcgArmed = false
	}
}

func (s *Sim) stageIn(r Infra, id, att int32) {
	if !s.live(id, att) {
		return
	}
	s.jobs[id].inLRMS = true
	s.lr[r].push(qent{id: -(id + 1), att: att})
	s.tryStart(r)
}

// tryStart starts queue heads while the testbed has free PEs.
func (s *Sim) tryStart(r Infra) {
	l := s.lr[r]
	for l.nfree > 0 && l.head < len(l.queue) {
		q := l.queue[l.head]
		l.head++
		if q.id >= 0 {
			m := l.take()
			l.live--
			s.bgRun++
			s.push(event{t: s.now + s.bg[q.id].Run*s.cfg.MIPerTraceSecond/l.mach[m].MIPS, kind: evEnd, a: uint8(r), b: int32(m), c: q.id})
			continue
		}
		id := -(q.id + 1)
		j := &s.jobs[id]
		if j.att != q.att || !j.inLRMS {
			continue // cancelled while queued
		}
		m := l.take()
		l.live--
		j.inLRMS = false
		j.onPE = true
		j.starts++
		j.state = jsRunning
		s.gwInflight[r]--
		s.gwRunning[r]++
		if r == External {
			j.viaGW = false
			s.lcgInflight--
			s.lcgRunning++
		}
		e := s.exps[j.exp]
		e.queued[r]--
		e.running[r]++
		e.record(s.now)
		s.push(event{t: s.now + s.cfg.JobMI/l.mach[m].MIPS, kind: evEnd, a: uint8(r), b: int32(m), c: q.id})
	}
}

func (s *Sim) end(r Infra, m int, qid int32) {
	s.lr[r].release(m)
	if qid >= 0 {
		s.bgRun--
	} else {
		id := -(qid + 1)
		j := &s.jobs[id]
		j.onPE = false
		s.gwRunning[r]--
		dir := lanOut
		if r == External {
			s.lcgRunning--
			dir = wanOut
		}
		s.push(event{t: s.send(dir, s.cfg.OutputBytes), kind: evOutput, c: id})
	}
	s.tryStart(r)
}

func (s *Sim) output(id int32) {
	j := &s.jobs[id]
	r := Infra(j.infra)
	e := s.exps[j.exp]
	j.state = jsDone
	e.running[r]--
	e.done[r]++
	e.Completed[r] = append(e.Completed[r], s.now-e.Submit)
	e.record(s.now)
	if e.done[0]+e.done[1] == e.Jobs {
		e.Done = s.now
		s.finished++
	}
}

// timeout migrates a job that has not started SuspensionTimeout seconds
// after its dispatch: it is cancelled wherever it waits and goes back to
// the DSA GridWay's unscheduled list.
func (s *Sim) timeout(id, att int32) {
	if !s.live(id, att) {
		return
	}
	j := &s.jobs[id]
	r := Infra(j.infra)
	if j.inLRMS {
		s.lr[r].live--
		j.inLRMS = false
	}
	if j.inGW {
		s.lcgLive--
		j.inGW = false
	}
	if j.viaGW {
		s.lcgInflight--
		j.viaGW = false
	}
	s.gwInflight[r]--
	j.att++
	j.state = jsPending
	j.infra = -1
	e := s.exps[j.exp]
	e.queued[r]--
	e.pending++
	e.Migrations++
	if r == Internal {
		e.Obj.Int++
	} else {
		e.Obj.Ext++
	}
	e.unsched = append(e.unsched, id)
	e.record(s.now)
	s.armObjective()
	s.armDSA()
}
